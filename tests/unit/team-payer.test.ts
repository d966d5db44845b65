import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamSendingStatus } from '../../src/shared/ipc';
import { startClient, type Client } from '../support/sandbox-harness';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { letSend, sendUntil, viewOf } from '../support/hostile-db-helpers';
import {
  addMember,
  decideAndPush,
  memberOf,
  PINNED_NOW,
  signDraft,
  signedOnly,
  startTeam,
  type Desktop,
  type ServiceAt,
  type Team,
} from '../support/workspace-helpers';

// The paying account signed into a team draft, proved on two real sandbox ledgers. Two companies
// (two legal entities, two API keys) reach one service address: a relay written here sends each
// request to company A's sandbox or company B's by its X-API-Key, as one service would book it
// to the key's own legal entity. Company A's clerk drafts; a desktop holding company B's key must
// never pay the row (a payment naming no source handle is paid from the key's own handle), and
// a desktop holding company A's key pays it once, from A.

/** One service address in front of several companies' sandboxes, chosen per request by its key. */
interface Relay {
  url: string;
  close(): Promise<void>;
}

async function startRelay(byKey: ReadonlyMap<string, string>): Promise<Relay> {
  const server: Server = createServer((req, res) => {
    const key = req.headers['x-api-key'];
    const target = typeof key === 'string' ? byKey.get(key) : undefined;
    if (target === undefined) {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'unknown API key' } }));
      return;
    }
    const upstream = httpRequest(
      new URL(req.url ?? '/', target),
      { method: req.method, headers: { ...req.headers, host: new URL(target).host }, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    // The company's sandbox is offline: the address answers nothing, as an unreachable service would.
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let cluster: PgCluster;
let companyA: Client;
let companyB: Client;
let api: Relay;
let vault: Relay;
let team: Team;
/** Desktops joined after the team was made (the team closes its own). */
const joined: Desktop[] = [];

beforeAll(async () => {
  cluster = await startPgCluster();
  // The services' clocks just after the desktops' (PINNED_NOW): what they book is dated after it was signed.
  [companyA, companyB] = await Promise.all([
    startClient({ seed: 21, now: () => PINNED_NOW + 5_000 }),
    startClient({ seed: 22, now: () => PINNED_NOW + 5_000 }),
  ]);
  api = await startRelay(
    new Map([
      [companyA.sandbox.apiKey, companyA.sandbox.apiUrl],
      [companyB.sandbox.apiKey, companyB.sandbox.apiUrl],
    ]),
  );
  vault = await startRelay(
    new Map([
      [companyA.sandbox.apiKey, companyA.sandbox.vaultUrl],
      [companyB.sandbox.apiKey, companyB.sandbox.vaultUrl],
    ]),
  );
  // The Clerk (drafter), the Controller (approver, and company A's sending desktop) and the admin hold A's key.
  team = await startTeam(cluster, { Clerk: 'drafter', Controller: 'approver' }, { service: keyOf(companyA) });
}, 180_000);

afterAll(async () => {
  for (const d of joined) await d.h.close();
  await team?.close();
  await api?.close();
  await vault?.close();
  await Promise.all([companyA?.close(), companyB?.close()]);
  await cluster?.stop();
});

/** A company's key at the one service address (the relay). */
function keyOf(company: Client): ServiceAt {
  return { apiUrl: api.url, vaultUrl: vault.url, apiKey: company.sandbox.apiKey };
}

/** A desktop holding `company`'s key, joined as a drafter (it may claim and send; it never approves). */
async function joinWithKey(name: string, company: Client): Promise<Desktop> {
  const d = await addMember(cluster, team.admin, name, 'drafter', team.database, { service: keyOf(company) });
  joined.push(d);
  // Its desktop signs and sends for the workspace once it has heard that the admin registered its key.
  await expect
    .poll(async () => (await d.h.ok('workspace:binding', { profileId: d.profileId })).kind, { timeout: 30_000 })
    .toBe('team');
  return d;
}

/** The payments a company's sandbox booked of `amountCents` (its own ledger), as source, payee and key. */
function paid(company: Client, amountCents: number) {
  return company.sandbox.world.ledger
    .filter((e) => e.kind === 'payment' && e.amountCents === amountCents)
    .map((e) => ({ source: e.source, payee: e.destination, key: e.idempotencyKey }));
}

const payRequests = (company: Client) => company.sandbox.requests.all({ path: '/pay', method: 'POST' }).length;

/** A payee handle both companies' sandboxes know, by its id in `company`. */
function payeeIn(company: Client, handle: string): string {
  const found = [...company.sandbox.world.svcHandles.values()].find((h) => h.svcHandle === handle);
  if (!found) throw new Error(`company ${handle} is not a handle of this sandbox`);
  return found.id;
}

/** The body of a signed draft's text, read by hand: the JSON after its first line. */
function draftBody(text: string): { payer?: string } {
  return JSON.parse(text.slice(text.indexOf('\n') + 1)) as { payer?: string };
}

/** The statuses with which `d`'s team sender ended each run begun since event `mark` (a pause or resume says nothing of a run). */
function runsEndedSince(d: Desktop, mark: number): TeamSendingStatus[] {
  const mine = d.h.events
    .slice(mark)
    .flatMap((e) =>
      e.event === 'outbox:team-sending' && (e.payload as TeamSendingStatus).profileId === d.profileId
        ? [e.payload as TeamSendingStatus]
        : [],
    );
  return mine.filter((s, i) => (s.state === 'idle' || s.state === 'stopped') && mine[i - 1]?.state === 'sending');
}

/** The drafter's last prompt to sign drafts: the lines main showed them. */
function lastSignPrompt(d: Desktop): string[] {
  const asked = d.h.prompt.of('workspace-sign');
  const last = asked[asked.length - 1];
  if (!last) throw new Error(`${d.name} was never asked to sign a draft`);
  return last.detail ?? [];
}

describe('the paying account signed into a team draft, at one service address for two companies', () => {
  it('the two companies’ keys reach their own sandboxes through the one address, and pay from different handles', async () => {
    expect(companyA.sandbox.world.ownSvcHandleId).not.toBe(companyB.sandbox.world.ownSvcHandleId);
    const own = async (company: Client) => {
      const res = await fetch(`${api.url}/pay`, { headers: { 'x-api-key': company.sandbox.apiKey } });
      return ((await res.json()) as { id: string }).id;
    };
    expect(await own(companyA)).toBe(companyA.sandbox.world.ownSvcHandleId);
    expect(await own(companyB)).toBe(companyB.sandbox.world.ownSvcHandleId);
  });

  it('a payment drafted with company A’s key is never claimed by a desktop holding company B’s key, and is paid once, from A, by a desktop holding A’s', async () => {
    const clerk = memberOf(team, 'Clerk');
    const controller = memberOf(team, 'Controller');
    const bruno = await joinWithKey('Bruno (company B)', companyB);
    const amountCents = 2_345;
    const key = randomUUID();
    const before = { a: payRequests(companyA), b: payRequests(companyB) };

    // (a) Main signs the payer into the draft, and the prompt the Clerk confirmed names it.
    const draft = await signDraft(clerk, 'payment', { svcHandle: 'globex-corp', amountCents }, key);
    expect(draftBody(draft.text).payer).toBe(companyA.sandbox.world.ownSvcHandleId);
    expect(lastSignPrompt(clerk)).toContain(
      'Paid from: @acme-robotics (Acme Robotics, Inc.), this profile’s own account: only a desktop holding its key sends it',
    );
    await clerk.h.ok('workspace:push', { workspaceId: clerk.workspaceId, drafts: [signedOnly(draft)], decisions: [] });
    await decideAndPush(controller, [draft]);
    // The approver is shown which account the draft says pays it.
    expect(lastSignPrompt(controller)).toContain(
      `Payment $23.45 to @globex-corp from the drafter’s own account ${companyA.sandbox.world.ownSvcHandleId}, drafted by Clerk`,
    );
    expect((await viewOf(bruno, draft.rowId)).verdict.status).toBe('ready');

    // (b) Only company B's desktop sends: a whole run of it sees the ready row and leaves it.
    const mark = bruno.h.events.length;
    await letSend(bruno);
    expect(paid(companyA, amountCents)).toEqual([]);
    expect(paid(companyB, amountCents)).toEqual([]);
    expect({ a: payRequests(companyA), b: payRequests(companyB) }).toEqual(before);
    expect(await viewOf(bruno, draft.rowId)).toMatchObject({ state: 'open', claims: 0, fence: 0, lease: null });
    const said = runsEndedSince(bruno, mark);
    expect(said.length).toBeGreaterThan(0);
    for (const s of said) {
      expect(s.message).toBe(
        '1 approved row is signed to be paid from another account than this profile’s key pays from (@acme-robotics): a desktop holding that account’s key sends it.',
      );
      expect(s.last).toMatchObject({ sent: 0, failed: 0, review: 0, reopened: 0, stale: 0 });
    }

    // (c) Company A's desktop sends it: paid once, from A's own account, in A's ledger only.
    await sendUntil(controller, async () => (await viewOf(controller, draft.rowId)).state !== 'open');
    expect(paid(companyA, amountCents)).toEqual([
      { source: companyA.sandbox.world.primaryVirtualAccountId, payee: payeeIn(companyA, 'globex-corp'), key },
    ]);
    expect(paid(companyB, amountCents)).toEqual([]);
    expect({ a: payRequests(companyA) - before.a, b: payRequests(companyB) - before.b }).toEqual({ a: 1, b: 0 });
    expect(await viewOf(controller, draft.rowId)).toMatchObject({ state: 'sent', claims: 1 });
  }, 120_000);

  it('nothing is signed while company A’s service cannot say which account pays; once it answers, the draft names A, and company B’s desktop never pays it', async () => {
    const controller = memberOf(team, 'Controller');
    const bruno =
      joined.find((d) => d.name === 'Bruno (company B)') ?? (await joinWithKey('Bruno (company B)', companyB));
    const amountCents = 2_346;
    const key = randomUUID();
    const payload = { svcHandle: 'initech', amountCents };
    // A drafter who joins while company A's service is offline: her desktop has no answer to GET /pay.
    await companyA.sandbox.setFaults({ offline: true });
    let dora: Desktop;
    try {
      dora = await joinWithKey('Dora (company A, offline)', companyA);
      const refused = await dora.h.invoke('workspace:signDrafts', {
        profileId: dora.profileId,
        drafts: [{ rowId: randomUUID(), kind: 'payment', payload, idempotencyKey: key }],
      });
      expect(refused).toMatchObject({ ok: false, error: { code: 'workspace' } });
      expect(refused.ok ? '' : refused.error.message).toBe(
        'Nothing was signed: the service could not be asked which account this profile’s key pays from, and a team’s draft names it. Your drafts are kept; try again when the service answers.',
      );
      // Refused before the person was asked anything.
      expect(dora.h.prompt.of('workspace-sign')).toHaveLength(0);
    } finally {
      await companyA.sandbox.setFaults({ offline: false });
    }
    const draft = await signDraft(dora, 'payment', payload, key);
    expect(draftBody(draft.text).payer).toBe(companyA.sandbox.world.ownSvcHandleId);
    await dora.h.ok('workspace:push', { workspaceId: dora.workspaceId, drafts: [signedOnly(draft)], decisions: [] });
    await decideAndPush(controller, [draft]);

    await letSend(bruno);
    expect(paid(companyA, amountCents)).toEqual([]);
    expect(paid(companyB, amountCents)).toEqual([]);
    expect(await viewOf(bruno, draft.rowId)).toMatchObject({ state: 'open', claims: 0 });
  }, 120_000);
});
