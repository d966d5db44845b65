import type { Browser } from '@playwright/test';
import type pg from 'pg';
import type { Sandbox } from '../../../src/sandbox';
import { serviceOf } from '../../../src/shared/service-address';
import { openSection, synced } from '../../e2e/harness/flows';
import type { PgCluster } from '../../support/pg-cluster';
import { startDesktop, wallNow, type BenchDesktop } from './desktop';
import { INBOX_PROBE_SCRIPT, paintsSince } from './inbox-probe';
import { approveTeamBatch, importTransfers, inboxKeys, pauseSending, waitForInbox } from './inbox-driver';
import { progress } from './progress';
import { untilTrue } from './until';
import { balanceChangesSince, markLedger, movedSince, transfersCsv } from './transfers-plan';
import {
  checkMoney,
  shownAfterApproval,
  writtenAfterApproval,
  type ApprovalBatch,
  type Drafted,
  type MoneyCheck,
  type ShownLine,
} from './verdict';

/** How long the team may take from the last approval to every row sent before the run gives up. */
const GIVE_UP_MS = 10 * 60_000;

export interface Shown extends ShownLine {
  phase: 'first approver' | 'second approver';
  observer: string;
  /** Of that time, from the confirmation to the decision written in the workspace (the database's clock, on this machine). */
  in_workspace_p50: number;
  in_workspace_p95: number;
}

export interface TeamRun {
  drafted_ms: number;
  /** From the import's click to the workspace holding every row. */
  pushed_ms: number;
  shown: Shown[];
  /** From the last batch's confirmation to the ledger holding every row, then to the workspace saying sent for each. */
  to_ledger_ms: number;
  to_sent_ms: number;
  /** Each selection's key press to the confirmation of its last question in main's prompt, worst (ms): what the prompts' moments leave out. */
  key_to_confirm_max_ms: number;
  states: Record<string, number>;
  money: MoneyCheck;
}

/** Phase 1 makes a row need one approver less; phase 2 makes it approved (or sent, gone from the inbox). */
/** A row that waits for one more approval (what its `needs` says). */
export const ONE_MORE = (needs: string) => needs.startsWith('needs 1 more approver');
const APPROVED = (needs: string) => needs === '' || needs.startsWith('approvals complete');

/** When each approver's decisions were written, by inbox key, per database login. */
async function decisionsWritten(su: pg.Client): Promise<Map<string, Map<string, number>>> {
  const r = await su.query<{ row_id: string; db_role: string; written_at: Date }>(
    'SELECT row_id, db_role, written_at FROM team.decision',
  );
  const byLogin = new Map<string, Map<string, number>>();
  for (const d of r.rows) {
    const mine = byLogin.get(d.db_role) ?? new Map<string, number>();
    mine.set(`team:${d.row_id}`, d.written_at.getTime());
    byLogin.set(d.db_role, mine);
  }
  return byLogin;
}

async function workspaceRows(
  su: pg.Client,
): Promise<{ rowId: string; key: string; amountCents: number; state: string }[]> {
  const r = await su.query<{ id: string; idempotency_key: string; amount_cents: string; state: string }>(
    'SELECT id, idempotency_key, amount_cents, state FROM team.queue_row',
  );
  return r.rows.map((x) => ({
    rowId: x.id,
    key: x.idempotency_key,
    amountCents: Number(x.amount_cents),
    state: x.state,
  }));
}

/** Approves every row on `d`, `batch` at a time, in the inbox's order. */
async function approveAll(
  d: BenchDesktop,
  keys: readonly string[],
  batch: number,
  doneNeeds: string,
  amountOf: (key: string) => number,
): Promise<(ApprovalBatch & { keyAt: number })[]> {
  const done: (ApprovalBatch & { keyAt: number })[] = [];
  for (let i = 0; i < keys.length; i += batch) {
    done.push(...(await approveTeamBatch(d, keys.slice(i, i + batch), doneNeeds, amountOf)));
    progress(`team: ${d.name} approved ${Math.min(keys.length, i + batch)} of ${keys.length}`);
  }
  return done;
}

/**
 * The team's path: a workspace on `cluster` made by the drafter's desktop (its admin), two
 * approvers joined and registered, a policy asking two approvers for the sandbox's service (all
 * through main's handlers); then, through the app's screens, the drafter imports the transfers,
 * the first approver approves them `batch` at a time, then the second, who alone sends (the
 * others paused their senders). Every team desktop records its inbox's paints.
 */
export async function runTeam(
  browser: Browser,
  shim: string,
  sandbox: Sandbox,
  cluster: PgCluster,
  drafted: readonly Drafted[],
  batch: number,
): Promise<TeamRun> {
  const db = await cluster.createWorkspaceDatabase('bench_team');
  const su = await cluster.connectAsSuperuser(db.database);
  const desktops: BenchDesktop[] = [];
  try {
    const drafter = await startDesktop(browser, shim, 'Dana Drafter', sandbox);
    desktops.push(drafter);
    const first = await startDesktop(browser, shim, 'Avery Approver', sandbox);
    desktops.push(first);
    const second = await startDesktop(browser, shim, 'Blake Approver', sandbox);
    desktops.push(second);

    progress('team: making the workspace, joining two approvers, signing a policy');
    const ws = await drafter.call('workspace:create', {
      name: 'Acme Treasury',
      adminName: drafter.name,
      host: cluster.host,
      port: cluster.port,
      database: db.database,
      ownerUser: db.user,
      ownerPassword: db.password,
    });
    const logins = new Map<BenchDesktop, string>();
    for (const approver of [first, second]) {
      const login = await drafter.call('workspace:addLogin', { workspaceId: ws.id });
      logins.set(approver, login.dbRole);
      await approver.call('workspace:join', {
        host: cluster.host,
        port: cluster.port,
        database: db.database,
        user: login.dbRole,
        password: login.password,
        name: approver.name,
      });
      await drafter.call('workspace:register', { workspaceId: ws.id, dbRole: login.dbRole, role: 'approver' });
    }
    await drafter.call('workspace:setPolicy', {
      workspaceId: ws.id,
      service: serviceOf({ kind: 'live', baseUrl: sandbox.apiUrl }),
      defaultApprovals: 2,
      rules: [],
    });

    progress('team: opening the three desktops and their first sync');
    for (const d of desktops) {
      await d.open(INBOX_PROBE_SCRIPT);
      await synced(d.page);
    }
    await pauseSending(drafter);
    await pauseSending(first);
    await openSection(second.page, 'Approvals');

    const mark = markLedger(sandbox);
    const n = drafted.length;
    progress(`team: the drafter imports ${n} transfers`);
    const importStarted = wallNow();
    const drafted_ms = await importTransfers(drafter, transfersCsv(drafted), n);
    await untilTrue(
      async () => (await workspaceRows(su)).length >= n,
      GIVE_UP_MS,
      50,
      `the workspace never held the ${n} drafted rows`,
    );
    const pushed_ms = wallNow() - importStarted;
    await openSection(drafter.page, 'Approvals');
    await waitForInbox(drafter.page, 'team:', n, '^needs 2 more approvers, not you$');
    await waitForInbox(first.page, 'team:', n, '^needs 2 more approvers, not (?!you$)');
    await waitForInbox(second.page, 'team:', n, '^needs 2 more approvers, not (?!you$)');

    const amounts = new Map((await workspaceRows(su)).map((r) => [`team:${r.rowId}`, r.amountCents]));
    const amountOf = (key: string): number => {
      const cents = amounts.get(key);
      if (cents === undefined) throw new Error(`the inbox shows ${key}, which the workspace does not hold`);
      return cents;
    };
    progress('team: the first approver approves');
    const keys = await inboxKeys(first.page, 'team:');
    const firstBatches = await approveAll(first, keys, batch, '^needs 1 more approver, not .+ or you$', amountOf);
    await waitForInbox(second.page, 'team:', n, '^needs 1 more approver, not (?!.* or you$)');
    progress('team: the second approver approves');
    const secondBatches = await approveAll(
      second,
      await inboxKeys(second.page, 'team:'),
      batch,
      '^approvals complete',
      amountOf,
    );
    const lastAt = (secondBatches[secondBatches.length - 1] as ApprovalBatch).at;

    progress('team: waiting for every row to be sent');
    const team = new Set(drafted.map((d) => d.amountCents));
    await untilTrue(
      () => Promise.resolve(movedSince(sandbox, mark).filter((m) => team.has(m.amountCents)).length >= n),
      GIVE_UP_MS,
      10,
      `the ledger never held the ${n} team transfers`,
    );
    const to_ledger_ms = wallNow() - lastAt;
    await untilTrue(
      async () => (await workspaceRows(su)).filter((r) => r.state !== 'open').length >= n,
      GIVE_UP_MS,
      25,
      `the workspace never recorded an outcome for each of the ${n} rows`,
    );
    const to_sent_ms = wallNow() - lastAt;

    const rows = await workspaceRows(su);
    const keyOf = new Map(rows.map((r) => [r.amountCents, r.key]));
    const states: Record<string, number> = {};
    for (const r of rows) states[r.state] = (states[r.state] ?? 0) + 1;
    const money = checkMoney(
      drafted.map((d) => ({ ...d, key: keyOf.get(d.amountCents) ?? 'not in the workspace' })),
      movedSince(sandbox, mark),
      balanceChangesSince(sandbox, mark),
    );

    const paints = new Map<BenchDesktop, Awaited<ReturnType<typeof paintsSince>>['paints']>();
    for (const d of desktops) paints.set(d, (await paintsSince(d.page, 0)).paints);
    const written = await decisionsWritten(su);
    const observe = (
      phase: Shown['phase'],
      batches: ApprovalBatch[],
      by: BenchDesktop,
      observer: BenchDesktop,
      isNew: (needs: string) => boolean,
    ): Shown => {
      const inWorkspace = writtenAfterApproval(batches, written.get(logins.get(by) ?? '') ?? new Map<string, number>());
      return {
        phase,
        observer: observer.name,
        ...shownAfterApproval(batches, paints.get(observer) ?? [], isNew),
        in_workspace_p50: inWorkspace.p50,
        in_workspace_p95: inWorkspace.p95,
      };
    };
    const shown: Shown[] = [
      observe('first approver', firstBatches, first, drafter, ONE_MORE),
      observe('first approver', firstBatches, first, second, ONE_MORE),
      observe('second approver', secondBatches, second, drafter, APPROVED),
      observe('second approver', secondBatches, second, first, APPROVED),
    ];
    const key_to_confirm_max_ms = Math.max(...[...firstBatches, ...secondBatches].map((b) => b.at - b.keyAt));
    return { drafted_ms, pushed_ms, shown, to_ledger_ms, to_sent_ms, key_to_confirm_max_ms, states, money };
  } finally {
    for (const d of desktops) await d.close();
    await su.end();
  }
}
