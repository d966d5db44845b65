import type { ClaimResult, OutcomeInput, OutcomeRecorded } from '../../src/main/workspace/claims';
import type { TeamRunWire } from '../../src/main/workspace/sending/team-run';
import type { TeamRowView } from '../../src/shared/ipc/workspace';
import type { SendOutcome } from '../../src/shared/outbox/classify';
import type { Transaction } from '../../src/shared/service';
import type { UnresolvedClaim } from '../../src/shared/team/history';
import type { RowVerdict } from '../../src/shared/team/verdict';
import { listedRow, statement, WS } from './team-fixtures';

/**
 * A workspace and a service for main's team run (team-run.ts), scripted in memory: claims add
 * this desktop's claim to the row's signed history, outcomes settle it, and every call is written
 * to a log in words the tests compare. The workspace's own rules are proved against PostgreSQL
 * (tests/unit/workspace-claims.test.ts, tests/unit/team-sender-pg.test.ts); this is what the run
 * decides from what the workspace and the service answer.
 */

export const SVC = 'https://svc.example';
/** When the drafts below were signed (two hours before NOW, unless a test says LONG_AGO); the desktop's clock reads NOW. */
export const SIGNED_AT = '2025-06-17T10:00:00.000Z';
/** Longer ago than the service keeps keys: a transfer signed then is looked for before it is sent. */
export const LONG_AGO = '2025-06-16T09:30:00.000Z';
export const NOW = Date.parse('2025-06-17T12:00:00.000Z');
/** This desktop's member, and another desktop's. */
export const ME = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Cal Controller' };
export const BEA = { id: '00000000-0000-4000-8000-0000000000b2', name: 'Bea Sender' };

/** Ready, approved when it was drafted (the tests' rows move no clock between the two). */
const ready = (at: string): RowVerdict => ({
  status: 'ready',
  approvedBy: ['m'],
  required: 1,
  policyVersion: 1,
  ignored: [],
  firstApprovedAt: at,
});
let drafts = 0;

/** A ready row whose draft says it was signed at SIGNED_AT (a takeover looks for it from then). */
function readyRow(
  id: string,
  kind: 'transfer' | 'payment',
  payload: unknown,
  over: Partial<TeamRowView>,
  at = SIGNED_AT,
): TeamRowView {
  drafts++;
  const n = String(drafts).padStart(12, '0');
  const body = {
    workspace: WS,
    id: `11111111-1111-4111-8111-${n}`,
    service: SVC,
    kind,
    idempotencyKey: `22222222-2222-4222-8222-${n}`,
    payloadHash: 'a'.repeat(64),
    drafter: '00000000-0000-4000-8000-0000000000d3',
    at,
  };
  return listedRow(id, {
    service: SVC,
    kind,
    payload,
    payloadHash: 'a'.repeat(64),
    verdict: ready(at),
    draft: { text: statement('draft', body), signature: 's', payload: JSON.stringify(payload) },
    ...over,
  });
}

/** A ready transfer of $5.00 from `source` to va_b. */
export const transferRow = (id: string, source = 'va_a', over: Partial<TeamRowView> = {}, at = SIGNED_AT) =>
  readyRow(id, 'transfer', { source, destination: 'va_b', amountCents: 500 }, over, at);

/** A ready payment to @`handle` ($7.00 unless said). */
export const paymentRow = (
  id: string,
  over: Partial<TeamRowView> = {},
  handle = 'acme',
  amountCents = 700,
  at = SIGNED_AT,
) => readyRow(id, 'payment', { svcHandle: handle, amountCents }, over, at);

/** A claim whose sender signed no outcome. */
export const unsettled = (at: string, fence: number, by: { id: string; name: string } = BEA): UnresolvedClaim => ({
  id: `claim-${by.id.slice(-2)}-${fence}`,
  fence,
  by: by.id,
  byName: by.name,
  at,
});

/** Its history has claims nobody settled. */
export const withUnsettled = (...claims: UnresolvedClaim[]): Pick<TeamRowView, 'history'> => ({
  history: { unresolved: claims, last: null, ignored: [], reviewing: null, reopenedAt: null },
});

export interface Script {
  rows: TeamRowView[];
  /** Rows the workspace will not claim, with its answer (the others are claimed with the next fencing number). */
  refuse?: Record<string, Extract<ClaimResult, { claimed: false }>>;
  /** A claim's payload when it differs from the listed one. */
  signed?: Record<string, unknown>;
  /** What the service answers for a row (otherwise it moved it: a transfer id). */
  sends?: Record<string, SendOutcome<unknown>>;
  /** What the service's transactions show (none unless given; null: they could not be read). */
  transactions?: Transaction[] | null;
  /** Outcomes the workspace answers `recorded: false` (another desktop took the row over). */
  takenOver?: string[];
  /** Leases a renewal finds lost. */
  lostOnRenew?: string[];
  /** What the rows read again after the claim show instead of the workspace's own bookkeeping. */
  reread?: Record<string, (row: TeamRowView) => TeamRowView>;
  /** What this desktop's send journal says of a row's key (main's money gate), by row id. */
  journal?: Record<string, { state: 'needs-review' | 'failed'; detail: string }>;
  /** Calls that fail as an unreachable workspace does: the first read, a claim naming the row, the read after the claim, the read of every row of the service. */
  unreachable?: { read?: true; claim?: string; reread?: true; service?: true };
}

export const UNREACHABLE = 'The workspace is unreachable.';
const iso = (ms: number) => new Date(ms).toISOString();
const payloadText = (p: unknown) => JSON.stringify(p);

export function scripted(s: Script) {
  const log: string[] = [];
  const rows = new Map(s.rows.map((r) => [r.id, structuredClone(r)]));
  // Rows this desktop claimed so far: only those read again show `reread`.
  const claimed = new Set<string>();
  const copy = (r: TeamRowView) => structuredClone(r);
  const wire: TeamRunWire = {
    me: ME.id,
    now: () => NOW,
    rows: async (filter) => {
      const afterClaim = filter.rowIds !== undefined && filter.includeClosed === true;
      const read = afterClaim ? 'reread' : filter.includeClosed ? 'service' : 'read';
      log.push(`read ${filter.rowIds ? filter.rowIds.join(',') : 'all'}${filter.includeClosed ? ' with closed' : ''}`);
      if (s.unreachable?.[read]) throw new Error(UNREACHABLE);
      const listed = [...rows.values()].filter(
        (r) =>
          (filter.rowIds ? filter.rowIds.includes(r.id) : true) &&
          (filter.includeClosed || r.state === 'open' || r.state === 'needs-review'),
      );
      return listed.map((r) => {
        const shown = afterClaim && claimed.has(r.id) ? s.reread?.[r.id] : undefined;
        return shown ? shown(copy(r)) : copy(r);
      });
    },
    claim: async (rowIds, leaseMs) => {
      log.push(`claim ${rowIds.join(',')}`);
      if (s.unreachable?.claim !== undefined && rowIds.includes(s.unreachable.claim)) throw new Error(UNREACHABLE);
      return rowIds.map((id): ClaimResult => {
        const row = rows.get(id);
        const refusal = s.refuse?.[id];
        if (refusal || !row)
          return refusal ?? { claimed: false, why: 'closed', text: 'That row is not in the workspace.' };
        row.fence++;
        row.lease = { holder: 'ws_m_me', expires: iso(NOW + leaseMs) };
        row.history.unresolved.push(unsettled(iso(NOW), row.fence, ME));
        claimed.add(id);
        const kind = row.kind as 'transfer' | 'payment';
        const base = {
          claimed: true as const,
          rowId: id,
          fence: row.fence,
          leaseExpires: iso(NOW + leaseMs),
          takenOver: row.history.unresolved.length > 1,
          unresolved: row.history.unresolved.slice(0, -1),
        };
        return {
          ...base,
          payloadHash: `hash-${id}`,
          kind,
          service: SVC,
          idempotencyKey: `signed-key-${id}`,
          payload: id in (s.signed ?? {}) ? s.signed?.[id] : row.payload,
          verdict: row.verdict,
        };
      });
    },
    renew: async (rowId, fence) => {
      log.push(`renew ${rowId} #${fence}`);
      return !(s.lostOnRenew ?? []).includes(rowId);
    },
    outcomes: async (outcomes: OutcomeInput[]): Promise<OutcomeRecorded[]> => {
      log.push(`record ${outcomes.map((o) => o.rowId).join(',')}`);
      return outcomes.map((o) => {
        log.push(`outcome ${o.rowId} #${o.fence} ${o.payloadHash} ${o.state}: ${o.detail}`);
        if ((s.takenOver ?? []).includes(o.rowId))
          return {
            rowId: o.rowId,
            recorded: false,
            text: 'Another desktop took this row over: its outcome is theirs to record.',
          };
        const row = rows.get(o.rowId);
        if (row) {
          row.history.unresolved = row.history.unresolved.filter((c) => !(c.fence === o.fence && c.by === ME.id));
          row.state = o.state;
          row.dbState = o.state;
          row.lease = null;
        }
        return { rowId: o.rowId, recorded: true };
      });
    },
    send: async (row) => {
      log.push(`send ${row.kind} ${row.rowId} with ${row.idempotencyKey} ${payloadText(row.payload)}`);
      return s.sends?.[row.rowId] ?? { type: 'ok', value: { transferId: `tr-${row.rowId}` } };
    },
    journal: async (row) => {
      const said = s.journal?.[row.rowId];
      if (said) log.push(`journal refuses ${row.rowId}`);
      return said ?? null;
    },
    transactions: async (window) => {
      log.push(`transactions ${iso(window.fromMs)} to ${iso(window.toMs)}`);
      return s.transactions === undefined ? [] : s.transactions;
    },
  };
  return { wire, log };
}

/** The log lines that start with `what` (sends, outcomes, claims). */
export const lines = (log: readonly string[], what: string) => log.filter((l) => l.startsWith(`${what} `));
