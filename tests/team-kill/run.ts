/**
 * `npm run test:team-kill` (after `electron-vite build`): two sending desktops hold the service's
 * key and send 200 approved transfers through faults while each is SIGKILLed at random and
 * started again on its own data folders; then one approved payment whose desktop is killed while
 * the service has processed it and its answer is held. Passes only when every row moved money
 * exactly once (the sandbox's ledger and balances), none is lost (every row `sent` in the
 * workspace, read as the superuser), the workspace's outcomes name the ledger's transfers, the
 * kills really came mid-claim and mid-send, and the payment is in the ledger once.
 *
 * Each desktop is the whole app (tests/team-kill/desktop.ts): main's real core, the built
 * renderer in Debian's Chromium with a persistent IndexedDB, a keychain file that outlives the
 * kill. The team (admin, a Clerk who drafts, a Controller who approves) is set up through main's
 * handlers in this process. `TEAM_KILL_SEED` replays a run's kill schedule. Exits 1 on a miss,
 * and when it cannot run (no Chromium, no PostgreSQL, no build).
 *
 * The sender's decisions are tested in the unit lane (tests/unit/team-run, team-sending,
 * team-sender-pg); this lane is apart because only whole processes killed and started again show
 * what a crash leaves behind (see tests/unit/team-sender-pg.test.ts).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type pg from 'pg';
import { findChromium } from '../../src/browser-host/find-chromium';
import { startSandbox, type LoggedRequest, type Sandbox } from '../../src/sandbox';
import type { FaultSettingsInput } from '../../src/sandbox/http/faults';
import { Rng } from '../../src/sandbox/world/ids';
import { serviceOf } from '../../src/shared/service-address';
import { postgresBinDir, startPgCluster, type PgCluster } from '../support/pg-cluster';
import { startAnswerHold, type AnswerHold } from './answer-hold';
import { KillableDesktop } from './killable-desktop';
import { draftApproved, senderDirs, setUpTeam } from './setup';
import { judgeKillRun, type KillRecord, type Planned } from './verdict';
import { sleep } from '../support/turns';

const ROOT = resolve(__dirname, '../..');
const TRANSFERS = 200;
const KILLS_PER_DESKTOP = 3;
/** The transfers are drafted in this many waves (TRANSFERS / WAVES each). */
const WAVES = 5;
/** Of the kills, this share waits for a POST of the desktop's own row to reach the service. */
const MID_SEND_SHARE = 0.6;
/** Faults as bench:outbox sets them: 503s with Retry-After, 429s, drops after processing, latency. */
const FAULTS: FaultSettingsInput = {
  errorRate: 0.3,
  retryAfterOn503: true,
  rateLimitRate: 0.1,
  retryAfterSeconds: 1,
  dropAfterRate: 0.1,
  latencyMs: 20,
  jitterMs: 180,
};
const TRANSFER_PATH = '/transfer/virtual-account';
const PAYMENT_PATH = '/pay';
/** The whole run must finish within about five minutes on two cores. */
const FINISH_LIMIT_MS = 150_000;

const log = (line: Record<string, unknown>) => console.log(JSON.stringify(line));

/** Waits until `check` answers something, polling; fails with `what` after `limitMs`. */
async function until<T>(what: string, limitMs: number, check: () => Promise<T | null | undefined>): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const found = await check();
    if (found !== null && found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${Math.round(limitMs / 1000)} s`);
    await sleep(25);
  }
}

function requirements(): { chromiumPath: string; rendererDir: string } {
  const chromiumPath = findChromium();
  if (!chromiumPath)
    throw new Error(
      'Chromium is needed (install it with scripts/ensure-system-packages.sh, or set CHROMIUM_PATH): the kill test did not run.',
    );
  postgresBinDir();
  const rendererDir = join(ROOT, 'out/renderer');
  if (!existsSync(join(rendererDir, 'index.html')))
    throw new Error('The built renderer is missing (out/renderer): run `npx electron-vite build` first.');
  return { chromiumPath, rendererDir };
}

/**
 * A killed desktop's lease would run out after TEAM_LEASE_MS (60 s); seven kills would wait
 * minutes for nothing. Moving the expiry of its standing leases to now, as the superuser, stands
 * for that time passing; naming the state in the UPDATE makes it announce the rows to the other
 * desktops (a claim or a lease alone announces nothing), as their next look would find them.
 * Returns how many it held.
 */
async function leaseTimePasses(su: pg.Client, login: string): Promise<number> {
  const r = await su.query(
    'UPDATE team.queue_row SET lease_expires = now(), state = state WHERE lease_holder = $1 AND lease_expires > now() RETURNING id',
    [login],
  );
  return r.rowCount ?? 0;
}

/** Who holds the standing lease of the row sent with this key, if anyone. */
async function holderOf(su: pg.Client, idempotencyKey: string): Promise<string | null> {
  const r = await su.query<{ holder: string | null }>(
    'SELECT lease_holder AS holder FROM team.queue_row WHERE idempotency_key = $1 AND lease_expires > now()',
    [idempotencyKey],
  );
  return r.rows[0]?.holder ?? null;
}

function postsTo(sandbox: Sandbox, path: string): LoggedRequest[] {
  return sandbox.requests.all({ path, method: 'POST' });
}

/** Kills `d` at a random moment or right after a POST of a row it holds reaches the service. */
async function killOnce(
  rng: Rng,
  sandbox: Sandbox,
  su: pg.Client,
  d: KillableDesktop,
): Promise<KillRecord & { afterPost: number | null }> {
  let post: LoggedRequest | null = null;
  if (rng.chance(MID_SEND_SHARE)) {
    const seen = new Set(postsTo(sandbox, TRANSFER_PATH).map((r) => r.seq));
    // With none within the bound (its rows all held elsewhere, say), the kill comes at that moment instead.
    post = await until(`a POST from ${d.name}`, 30_000, async () => {
      for (const r of postsTo(sandbox, TRANSFER_PATH)) {
        if (seen.has(r.seq)) continue;
        seen.add(r.seq);
        if (r.answeredAtMs === null && r.idempotencyKey && (await holderOf(su, r.idempotencyKey)) === d.login) return r;
      }
      return null;
    }).catch(() => null);
  } else {
    // The random moment itself: what the desktop is doing then is up to it (this waits on no state).
    await sleep(rng.int(200, 2_500));
  }
  const held = (
    await su.query<{ key: string }>(
      'SELECT idempotency_key AS key FROM team.queue_row WHERE lease_holder = $1 AND lease_expires > now()',
      [d.login],
    )
  ).rows.map((r) => r.key);
  const killedAt = sandbox.world.clock.now();
  await d.kill();
  const heldLease = (await leaseTimePasses(su, d.login)) > 0;
  // In flight: a POST of a row it held had reached the service and had no answer out when it died.
  const sendInFlight = postsTo(sandbox, TRANSFER_PATH).some(
    (r) =>
      r.idempotencyKey !== null &&
      held.includes(r.idempotencyKey) &&
      (r.answeredAtMs === null || r.answeredAtMs >= killedAt),
  );
  return { desktop: d.name, heldLease, sendInFlight, afterPost: post?.seq ?? null };
}

async function main(): Promise<void> {
  const { chromiumPath, rendererDir } = requirements();
  const seed = Number(process.env['TEAM_KILL_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
  log({ kind: 'seed', seed, replay: `TEAM_KILL_SEED=${seed} npm run test:team-kill` });
  const rng = new Rng(seed);
  const started = Date.now();
  const root = mkdtempSync(join(tmpdir(), 'treasury-team-kill-'));
  let cluster: PgCluster | undefined;
  let sandbox: Sandbox | undefined;
  let hold: AnswerHold | undefined;
  let su: pg.Client | undefined;
  const desktops: KillableDesktop[] = [];
  let closeTeam: () => Promise<void> = async () => undefined;
  let passed = false;
  try {
    cluster = await startPgCluster();
    sandbox = await startSandbox({ seed: 24, transactions: 200, validateResponses: false });
    hold = await startAnswerHold({ host: '127.0.0.1', port: Number(new URL(sandbox.apiUrl).port) });
    const baseUrl = `http://127.0.0.1:${hold.port}`;
    const access = {
      baseUrl,
      vaultUrl: sandbox.vaultUrl,
      apiKey: sandbox.apiKey,
      service: serviceOf({ kind: 'live', baseUrl }),
    };
    const dirs = {
      'Sender A': senderDirs(root, 'a', rendererDir, chromiumPath),
      'Sender B': senderDirs(root, 'b', rendererDir, chromiumPath),
    };
    const { team, logins } = await setUpTeam(cluster, access, dirs);
    closeTeam = () => team.close();
    su = await cluster.connectAsSuperuser(team.database);
    for (const [name, d] of Object.entries(dirs))
      desktops.push(new KillableDesktop(name, logins[name] as string, d, join(root, `${name.replace(' ', '-')}.log`)));

    // 200 transfers of distinct amounts from the best-funded account into another one.
    const world = sandbox.world;
    const open = [...world.virtualAccounts.values()]
      .filter((v) => v.closedAt === null)
      .map((v) => ({ id: v.id, cents: world.transactions.totals(v.id).availableCents }));
    const [source, destination] = open.sort((a, b) => b.cents - a.cents).map((v) => v.id) as [string, string];
    const amounts = Array.from({ length: TRANSFERS }, (_, i) => 10_001 + i);
    const before = Object.fromEntries(open.map((v) => [v.id, v.cents]));
    const ledgerMark = world.ledger.length;
    // Drafted and approved in waves, the next when the open rows run low: the kills need rows
    // to interrupt, however fast the desktops send (a start that hangs leaves one sending alone).
    const planned: Planned[] = [];
    const draftWave = async () => {
      const wave = amounts.slice(planned.length, planned.length + TRANSFERS / WAVES);
      const drafted = await draftApproved(
        team,
        wave.map((amountCents) => ({ kind: 'transfer', payload: { source, destination, amountCents } })),
      );
      planned.push(
        ...drafted.map((d, i) => ({
          rowId: d.rowId,
          idempotencyKey: d.idempotencyKey,
          amountCents: wave[i] as number,
          source,
          destination,
        })),
      );
      log({ kind: 'drafted', transfers: planned.length, at_ms: Date.now() - started });
    };
    await draftWave();

    // The transfers: faults on, both desktops up, killed at random until each had its share.
    await sandbox.setFaults(FAULTS);
    await Promise.all(desktops.map((d) => d.start()));
    log({ kind: 'desktops-up', at_ms: Date.now() - started });
    const openRows = async () =>
      Number(
        (
          await (su as pg.Client).query<{ n: string }>(
            "SELECT count(*) AS n FROM team.queue_row WHERE kind = 'transfer' AND state = 'open'",
          )
        ).rows[0]?.n,
      );
    const kills: KillRecord[] = [];
    for (;;) {
      if (planned.length < TRANSFERS && (await openRows()) < TRANSFERS / WAVES / 2) await draftWave();
      if (kills.length >= KILLS_PER_DESKTOP * desktops.length || (await openRows()) === 0) break;
      const killable = desktops.filter((d) => d.kills < KILLS_PER_DESKTOP);
      const d = rng.pick(killable);
      const k = await killOnce(rng, sandbox, su, d);
      kills.push(k);
      log({ kind: 'kill', ...k, open_rows: await openRows(), at_ms: Date.now() - started });
      await d.start();
    }
    while (planned.length < TRANSFERS) await draftWave();
    await until('every transfer finished in the workspace', FINISH_LIMIT_MS, async () =>
      (await openRows()) === 0 ? true : null,
    );
    await sandbox.resetFaults();
    const transfersMoved = world.ledger.slice(ledgerMark).filter((m) => m.kind === 'transfer');
    const balanceChanges = Object.fromEntries(
      open
        .map((v) => [v.id, world.transactions.totals(v.id).availableCents - (before[v.id] ?? 0)])
        .filter(([, d]) => d !== 0),
    );
    log({ kind: 'transfers-done', at_ms: Date.now() - started });

    // The payment: its answer held once the service processed it, its desktop killed then.
    const payee = [...world.svcHandles.values()].find((h) => h.id !== world.ownSvcHandleId)?.svcHandle;
    if (!payee) throw new Error('the sandbox has no payee handle');
    const paymentCents = 77_777;
    const paymentsOf = () => world.ledger.filter((m) => m.kind === 'payment' && m.amountCents === paymentCents).length;
    hold.arm(`POST ${PAYMENT_PATH} `);
    const [payment] = await draftApproved(team, [
      { kind: 'payment', payload: { svcHandle: payee, amountCents: paymentCents } },
    ]);
    if (!payment) throw new Error('the payment was not drafted');
    await until('the payment processed by the service, its answer held', 60_000, async () =>
      hold?.heldAnswers() && paymentsOf() === 1 ? true : null,
    );
    const holder = await holderOf(su, payment.idempotencyKey);
    const sender = desktops.find((d) => d.login === holder);
    if (!sender) throw new Error(`no desktop holds the payment's lease (${holder ?? 'nobody'})`);
    await sender.kill();
    const killedMidSend =
      (
        await su.query("SELECT 1 FROM team.queue_row WHERE id = $1 AND state = 'open' AND lease_holder = $2", [
          payment.rowId,
          sender.login,
        ])
      ).rowCount === 1;
    hold.release();
    await leaseTimePasses(su, sender.login);
    log({ kind: 'payment-kill', desktop: sender.name, killed_mid_send: killedMidSend, at_ms: Date.now() - started });
    const paymentRow = () =>
      (su as pg.Client).query<{ state: string }>(
        'SELECT state, fence, claims, lease_holder, lease_expires > now() AS lease_stands, outcome FROM team.queue_row WHERE id = $1',
        [payment.rowId],
      );
    const paymentState = await until('the payment taken over and settled', 90_000, async () => {
      const state = (await paymentRow()).rows[0]?.state;
      return state && state !== 'open' ? state : null;
    }).catch(async (error: unknown) => {
      throw new Error(`${String(error)}; the row: ${JSON.stringify((await paymentRow()).rows[0])}`, { cause: error });
    });
    await sender.start();

    const rows = (
      await su.query<{ id: string; state: string; outcome: string | null }>(
        "SELECT id, state, outcome FROM team.queue_row WHERE kind = 'transfer'",
      )
    ).rows;
    const audit = (await su.query<{ text: string }>('SELECT text FROM team.audit')).rows.map(
      (r) =>
        JSON.parse(r.text.slice(r.text.indexOf('\n') + 1)) as {
          event: string;
          subject: string;
          detail: { takenOver?: boolean };
        },
    );
    const takeovers = audit.filter((a) => a.event === 'claim' && a.detail.takenOver === true);
    const failures = judgeKillRun({
      planned,
      ledger: transfersMoved,
      balanceChanges,
      rows,
      kills,
      starts: Object.fromEntries(desktops.map((d) => [d.name, d.starts])),
      takeovers: takeovers.filter((a) => a.subject !== payment.rowId).length,
      minKillsPerDesktop: KILLS_PER_DESKTOP,
      payment: {
        amountCents: paymentCents,
        inLedger: paymentsOf(),
        posts: postsTo(sandbox, PAYMENT_PATH).length,
        state: paymentState,
        killedMidSend,
        takenOver: takeovers.some((a) => a.subject === payment.rowId),
      },
    });
    const transferPosts = postsTo(sandbox, TRANSFER_PATH);
    log({
      kind: 'summary',
      seed,
      transfers: planned.length,
      sent: rows.filter((r) => r.state === 'sent').length,
      kills: kills.length + 1,
      kills_holding_a_claim: kills.filter((k) => k.heldLease).length,
      kills_mid_send: kills.filter((k) => k.sendInFlight).length,
      starts: Object.fromEntries(desktops.map((d) => [d.name, d.starts])),
      starts_that_hung: desktops.reduce((n, d) => n + d.hungStarts, 0),
      transfer_posts: transferPosts.length,
      answered_503: transferPosts.filter((r) => r.status === 503).length,
      answered_429: transferPosts.filter((r) => r.status === 429).length,
      dropped_after_processing: transferPosts.filter((r) => r.dropped === 'after-processing').length,
      payment_state: paymentState,
      took_ms: Date.now() - started,
      failures,
      pass: failures.length === 0,
    });
    passed = failures.length === 0;
    if (!passed) process.exitCode = 1;
  } finally {
    for (const d of desktops) await d.kill().catch(() => undefined);
    await su?.end().catch(() => undefined);
    await closeTeam().catch(() => undefined);
    await hold?.close();
    await sandbox?.close();
    await cluster?.stop();
    if (passed) rmSync(root, { recursive: true, force: true });
    else console.error(`The desktops' logs stay in ${root}`);
  }
}

main().catch((error: unknown) => {
  console.error(`team kill test: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
