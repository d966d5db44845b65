import Dexie from 'dexie';
import { outboxDb, type AuditRecord } from '../../db/outbox-db';
import type { SendOutcome } from '../../../../shared/outbox/classify';
import { needsApproval } from '../model/approval-rules';
import { getApprovalRule } from './approval-rule-repo';
import { draftRow, newKey, queueKeys } from '../model/draft';
import { kindOf, type PayloadProblem } from '../model/kinds';
import { approvalHash } from '../model/approval-binding';
import { canonicalJson } from '../model/payload-hash';
import { nextDueAfter, planQueue, type SendWindow } from '../model/queue-plan';
import * as t from '../model/transitions';
import {
  FINAL_STATES,
  sentAt,
  type Approver,
  type DraftInput,
  type OutboxRow,
  type OutboxState,
} from '../../../../shared/outbox';

/**
 * The only code that reads and writes a profile's outbox. Every change is one read-write
 * transaction that reads the row, applies one pure transition (outbox/model/transitions.ts),
 * and writes the row with its audit line: a crash leaves the row before or after, never between.
 * A row that finishes (sent, rejected, canceled) leaves the queue for the archive in that same
 * commit, so nothing that runs often reads finished rows.
 */

type Db = ReturnType<typeof outboxDb>;

/** Every table a change may write: the queue, the audit log, the archive. */
const writable = (db: Db) => [db.rows, db.audit, db.archive] as const;

/** Writes rows where they belong now: unfinished ones in the queue, finished ones in the archive. */
async function save(db: Db, rows: readonly OutboxRow[]): Promise<void> {
  const done = rows.filter((r) => FINAL_STATES.has(r.state));
  const live = done.length === 0 ? rows : rows.filter((r) => !FINAL_STATES.has(r.state));
  await Promise.all([
    live.length > 0 ? db.rows.bulkPut([...live]) : undefined,
    done.length > 0 ? db.archive.bulkPut(done) : undefined,
    done.length > 0 ? db.rows.bulkDelete(done.map((r) => r.id)) : undefined,
  ]);
}

export class RowNotFound extends Error {
  constructor(rowId: string) {
    super(`The queued item ${rowId} is no longer in the outbox (it was cleared or the profile was removed).`);
  }
}

function auditOf(before: OutboxRow | null, after: OutboxRow, at: number): AuditRecord {
  const last = after.history[after.history.length - 1];
  const action =
    before === null
      ? 'drafted'
      : last?.reason === 'edited: a new operation'
        ? 'edited'
        : last && last.from === last.to
          ? last.reason?.startsWith('warning:')
            ? 'warned'
            : 'noted'
          : (last?.to ?? after.state).replace('-', ' ');
  const detail = [
    last?.reason,
    after.state === 'failed' || after.state === 'needs-review' ? after.lastError : undefined,
  ]
    .filter(Boolean)
    .join(' — ');
  return {
    at,
    rowId: after.id,
    kind: after.kind,
    action,
    amountCents: after.amountCents,
    detail,
    ...(last?.by ? { by: last.by } : {}),
  };
}

/** A payload its kind refuses (kinds/<kind>.ts `validate`): nothing is written. */
export class InvalidPayload extends Error {
  constructor(readonly problems: PayloadProblem[]) {
    super(`Nothing was queued: ${problems.map((p) => p.message).join(' ')}`);
    this.name = 'InvalidPayload';
  }
}

/** A new draft, written with its idempotency key in the same transaction; a payload its kind refuses is not written. */
export async function createDraft(profileId: string, input: DraftInput, now = Date.now()): Promise<OutboxRow> {
  const [row] = await createDrafts(profileId, [input], now);
  if (!row) throw new Error('createDrafts returned no row for one input');
  return row;
}

/**
 * Many new drafts in one commit (a CSV import): one change for every live query however many
 * rows, rather than one per row, each re-reading the whole queue. Every payload is checked
 * first: one that fails writes nothing.
 */
export async function createDrafts(
  profileId: string,
  inputs: readonly DraftInput[],
  now = Date.now(),
): Promise<OutboxRow[]> {
  for (const input of inputs) {
    const problems = kindOf(input).validate(input.payload);
    if (problems.length > 0) throw new InvalidPayload(problems);
  }
  const db = outboxDb(profileId);
  const rows = inputs.map((input) => draftRow(input, profileId, crypto.randomUUID(), newKey(), now));
  await db.transaction('rw', db.rows, db.audit, async () => {
    await db.rows.bulkAdd(rows);
    await db.audit.bulkAdd(rows.map((row) => auditOf(null, row, now)));
  });
  return rows;
}

/** Reads the row, applies `change` (a pure transition; it throws IllegalTransition to refuse), writes row and audit. */
export async function changeRow(
  profileId: string,
  rowId: string,
  change: (row: OutboxRow) => OutboxRow,
  now = Date.now(),
): Promise<OutboxRow> {
  const [next] = await changeRows(profileId, [rowId], change, now);
  if (!next) throw new RowNotFound(rowId);
  return next;
}

/**
 * `changeRow` for many rows in one commit: all change or none (a refused transition or a missing
 * row throws, and nothing is written), with one change for every live query. Exported for the
 * repositories that change rows alongside tables of their own (team/repo/team-rows-repo.ts: `also`,
 * written by `after` in the same commit), so every row change goes through this one place.
 */
export async function changeRows(
  profileId: string,
  rowIds: readonly string[],
  change: (row: OutboxRow) => OutboxRow,
  now: number,
  also: readonly Dexie.Table[] = [],
  after?: (rows: OutboxRow[]) => Promise<unknown>,
): Promise<OutboxRow[]> {
  const db = outboxDb(profileId);
  return db.transaction('rw', [...writable(db), ...also], async () => {
    const before = await db.rows.bulkGet([...rowIds]);
    const rows = before.map((row, i) => {
      if (!row) throw new RowNotFound(rowIds[i] ?? '');
      return row;
    });
    const next = rows.map(change);
    await save(db, next);
    await db.audit.bulkAdd(rows.map((row, i) => auditOf(row, next[i] as OutboxRow, now)));
    if (after) await after(next);
    return next;
  });
}

/** A row of the queue or of the archive. */
export async function getRow(profileId: string, rowId: string): Promise<OutboxRow | undefined> {
  const db = outboxDb(profileId);
  return (await db.rows.get(rowId)) ?? (await db.archive.get(rowId));
}

/** Draft -> awaiting approval, or approved by the rule for `service` (the profile's service now). */
export async function submitRow(
  profileId: string,
  rowId: string,
  service: string,
  now = Date.now(),
): Promise<OutboxRow> {
  const [row] = await submitRows(profileId, [rowId], service, now);
  if (!row) throw new RowNotFound(rowId);
  return row;
}

/** `submitRow` for many drafts (a CSV import), in one commit. */
export async function submitRows(
  profileId: string,
  rowIds: readonly string[],
  service: string,
  now = Date.now(),
): Promise<OutboxRow[]> {
  const rule = await getApprovalRule(profileId);
  return changeRows(
    profileId,
    rowIds,
    (row) => t.submit(row, needsApproval(row.kind, row.amountCents, rule), now, service),
    now,
  );
}

export interface ApprovalRequest {
  rowId: string;
  /** The approval hash of what the person was shown (approval-binding.ts), computed when it was drawn. */
  shownHash: string;
}

export interface Approvals {
  approved: OutboxRow[];
  /** Rows left as they were, with why (its message in plain words): changed since shown, no longer awaiting approval, gone. */
  refused: { rowId: string; error: Error }[];
}

/**
 * Approves what the person was shown, for `service`, as one commit however many rows: 200 rows
 * are one transaction and one change for every live query, not 200. The hashes are computed
 * before the transaction (crypto is asynchronous and would end it); inside, each row's payload
 * is checked to be still the one hashed.
 */
export async function approveRows(
  profileId: string,
  requests: readonly ApprovalRequest[],
  by: Approver,
  service: string,
  now = Date.now(),
): Promise<Approvals> {
  const db = outboxDb(profileId);
  const seen = await db.rows.bulkGet(requests.map((r) => r.rowId));
  const hashes = await Promise.all(seen.map((row) => (row ? approvalHash(row, service) : Promise.resolve(''))));
  const texts = seen.map((row) => (row ? canonicalJson(row.payload) : ''));
  return db.transaction('rw', writable(db), async () => {
    const rows = await db.rows.bulkGet(requests.map((r) => r.rowId));
    const out: Approvals = { approved: [], refused: [] };
    const changes: { before: OutboxRow; after: OutboxRow }[] = [];
    rows.forEach((row, i) => {
      const { rowId, shownHash } = requests[i] as ApprovalRequest;
      if (!row) return void out.refused.push({ rowId, error: new RowNotFound(rowId) });
      const current = canonicalJson(row.payload) === texts[i] ? (hashes[i] as string) : `changed:${hashes[i]}`;
      try {
        changes.push({ before: row, after: t.approve(row, by, shownHash, current, now, service) });
      } catch (error) {
        if (!(error instanceof t.IllegalTransition)) throw error;
        out.refused.push({ rowId, error });
      }
    });
    await Promise.all([
      save(
        db,
        changes.map((c) => c.after),
      ),
      db.audit.bulkAdd(changes.map((c) => auditOf(c.before, c.after, now))),
    ]);
    out.approved = changes.map((c) => c.after);
    return out;
  });
}

/** One row's approval (approveRows with one request); a refusal throws, with its reason. */
export async function approveRow(
  profileId: string,
  rowId: string,
  by: Approver,
  shownHash: string,
  service: string,
  now = Date.now(),
): Promise<OutboxRow> {
  const { approved, refused } = await approveRows(profileId, [{ rowId, shownHash }], by, service, now);
  if (refused[0]) throw refused[0].error;
  return approved[0] as OutboxRow;
}

/**
 * Approved rows whose approval was for another service than `service` (the profile's address
 * changed) go back to a person, in one commit. Returns how many.
 */
export function approvalsElsewhere(profileId: string, service: string, now = Date.now()): Promise<number> {
  return eachInState(
    profileId,
    'approved',
    (row) => (row.approvedFor === service ? null : t.approvedElsewhere(row, service, now)),
    now,
  );
}

/** New payload (amount, parties, memo, schedule): back to draft with a new key and no approval. */
export async function editRow(
  profileId: string,
  rowId: string,
  input: DraftInput,
  now = Date.now(),
): Promise<OutboxRow> {
  return changeRow(
    profileId,
    rowId,
    (row) => {
      if (row.kind !== input.kind)
        throw new t.IllegalTransition(row.state, 'edit', 'a transfer cannot become a payment');
      const notBefore = input.kind === 'note' ? undefined : input.notBefore;
      return t.edit(
        row,
        {
          payload: input.payload,
          notBefore,
          labels: input.labels ?? row.labels,
          amountCents: input.kind === 'note' ? 0 : input.payload.amountCents,
          ...queueKeys(input),
        },
        newKey(),
        now,
      );
    },
    now,
  );
}

/** The queue (every unfinished row), oldest first. */
export async function listRows(profileId: string): Promise<OutboxRow[]> {
  return outboxDb(profileId).rows.orderBy('createdAt').toArray();
}

/** Finished rows, newest first: `limit` of them, of one kind or all. */
export async function finishedRows(profileId: string, limit: number, kind?: OutboxRow['kind']): Promise<OutboxRow[]> {
  const newest = outboxDb(profileId).archive.orderBy('updatedAt').reverse();
  return (kind ? newest.filter((r) => r.kind === kind) : newest).limit(limit).toArray();
}

/** Rows finished at or after `sinceMs` (a bounded range of the archive). */
export function finishedSince(profileId: string, sinceMs: number): Promise<OutboxRow[]> {
  return outboxDb(profileId).archive.where('updatedAt').aboveOrEqual(sinceMs).toArray();
}

/** A send that went through, as it moved money out of or into an account. */
export interface SentFlow {
  rowId: string;
  /** When it went (its last attempt). */
  at: number;
  /** Negative out of the account, positive into it. */
  cents: number;
}

/** When a sent row went: its last attempt (a reconciled row's too). */
export { sentAt };

/** Every send this outbox has on record out of and into an account (`va:<id>`): two index ranges, read whole. */
export async function sentFlows(profileId: string, accountKey: string): Promise<SentFlow[]> {
  const db = outboxDb(profileId);
  const [out, into] = await Promise.all([
    inState(db.archive, 'sourceKey', accountKey, 'sent').toArray(),
    inState(db.archive, 'fundsKey', accountKey, 'sent').toArray(),
  ]);
  return [
    ...out.map((r) => ({ rowId: r.id, at: sentAt(r), cents: -r.amountCents })),
    ...into.map((r) => ({ rowId: r.id, at: sentAt(r), cents: r.amountCents })),
  ];
}

/**
 * Claims, in one transaction, every row the queue plan says may go now (approved -> sending),
 * for `service`, the profile's service now: an approved row that was approved for another goes
 * back to a person in the same commit instead.
 */
export async function claimDue(
  profileId: string,
  service: string,
  now = Date.now(),
  window?: SendWindow,
): Promise<OutboxRow[]> {
  const db = outboxDb(profileId);
  return db.transaction('rw', writable(db), async () => {
    const inFlight = await db.rows.where('state').anyOf('approved', 'sending').toArray();
    const elsewhere = inFlight.filter((r) => r.state === 'approved' && r.approvedFor !== service);
    await writeChanges(db, elsewhere, (row) => t.approvedElsewhere(row, service, now), now);
    const live = elsewhere.length === 0 ? inFlight : inFlight.filter((r) => !elsewhere.includes(r));
    const due = planQueue(live, now, window).due.map((id) => live.find((r) => r.id === id) as OutboxRow);
    return writeChanges(db, due, (row) => t.claim(row, now, service), now);
  });
}

export function recordSend(
  profileId: string,
  rowId: string,
  outcome: SendOutcome<unknown>,
  now = Date.now(),
  random: () => number = Math.random,
): Promise<OutboxRow> {
  return changeRow(profileId, rowId, (row) => t.recordOutcome(row, outcome, now, random), now);
}

export interface SendRecord {
  rowId: string;
  outcome: SendOutcome<unknown>;
  now: number;
  /** Also claim, in the same transaction, the rows this outcome lets go (the sender is going on). */
  claimNext: boolean;
}

export interface RecordOptions {
  /** How far each source may run ahead (queue-plan.ts); without it, one row in flight per source. */
  window?: SendWindow;
  random?: () => number;
  spans?: RecordSpans;
}

export interface Recorded {
  row: OutboxRow;
  /** Rows claimed (approved -> sending) because this outcome freed them; the caller sends them. */
  claimed: OutboxRow[];
}

type OutboxTable = Db['rows'];

const inState = (rows: OutboxTable, index: 'sourceKey' | 'fundsKey', key: string, state: OutboxState, upTo?: number) =>
  rows
    .where(`[${index}+state+createdAt]`)
    .between([key, state, Dexie.minKey], [key, state, upTo ?? Dexie.maxKey], true, true);

/**
 * The rows that decide whether `sourceKey`'s head may go: its rows in flight, its oldest approved
 * rows not scheduled for later (the head, and as many behind it as the window lets go together),
 * and the oldest rows in flight or due that pay into it.
 * planQueue over them decides that source exactly as it would over the whole queue (IndexedDB
 * orders equal keys by id, as planQueue does), so a record costs the same with 10 rows queued or
 * 10,000.
 */
async function queueOf(db: Db, sourceKey: string, now: number, heads: number): Promise<OutboxRow[]> {
  const notLater = (r: OutboxRow) => (r.notBefore ?? 0) <= now;
  // The oldest of each range, read together with getAll; a cursor (slower per call) only when
  // one of them is scheduled for later and the next ones must be looked at.
  const firstDue = async (index: 'sourceKey' | 'fundsKey', state: OutboxState, n: number) => {
    const rows = await inState(db.rows, index, sourceKey, state).limit(n).toArray();
    return rows.every(notLater) ? rows : inState(db.rows, index, sourceKey, state).filter(notLater).limit(n).toArray();
  };
  const [head, sending, fundingDue, fundingInFlight] = await Promise.all([
    firstDue('sourceKey', 'approved', heads),
    inState(db.rows, 'sourceKey', sourceKey, 'sending').toArray(),
    firstDue('fundsKey', 'approved', 1),
    inState(db.rows, 'fundsKey', sourceKey, 'sending').first(),
  ]);
  if (head.length === 0) return [];
  // Scheduled rows before the head hold nobody up, so planQueue needs none of them.
  const rows = new Map(
    [...head, ...sending, ...fundingDue, ...(fundingInFlight ? [fundingInFlight] : [])].map((r) => [r.id, r]),
  );
  return [...rows.values()];
}

/**
 * Claims the due head of one source's queue for `service` (inside the caller's transaction). A
 * head whose key the service may have forgotten goes to review instead, one approved for another
 * service goes back to a person, and the next one is looked at.
 */
async function claimHead(
  db: Db,
  sourceKey: string,
  now: number,
  service: string,
  window?: SendWindow,
): Promise<OutboxRow[]> {
  for (;;) {
    const rows = await queueOf(db, sourceKey, now, window?.max ?? 1);
    const due = planQueue(rows, now, window)
      .due.map((id) => rows.find((r) => r.id === id) as OutboxRow)
      .filter((r) => r.sourceKey === sourceKey);
    const expired = due.filter((r) => r.firstAttemptAt !== undefined && now - r.firstAttemptAt >= t.KEY_AGE_LIMIT_MS);
    const elsewhere = due.filter((r) => r.approvedFor !== service);
    if (expired.length > 0 || elsewhere.length > 0) {
      await writeChanges(db, expired, (row) => t.keyExpired(row, now), now);
      await writeChanges(
        db,
        elsewhere.filter((r) => !expired.includes(r)),
        (row) => t.approvedElsewhere(row, service, now),
        now,
      );
      continue;
    }
    return writeChanges(db, due, (row) => t.claim(row, now, service), now);
  }
}

/**
 * Writes each row's change (null: left as it is) and its audit line, inside the caller's
 * transaction, the requests issued together; returns the rows written.
 */
async function writeChanges(
  db: Db,
  rows: OutboxRow[],
  change: (row: OutboxRow) => OutboxRow | null,
  now: number,
): Promise<OutboxRow[]> {
  const changed = rows.flatMap((before) => {
    const after = change(before);
    return after ? [{ before, after }] : [];
  });
  if (changed.length === 0) return [];
  await Promise.all([
    save(
      db,
      changed.map((c) => c.after),
    ),
    db.audit.bulkAdd(changed.map((c) => auditOf(c.before, c.after, now))),
  ]);
  return changed.map((c) => c.after);
}

/**
 * Where one record transaction's time went (ms), for the benchmark's breakdown: writing the
 * outcomes, planning and claiming what they freed, the durable commit; `rows` recorded together.
 */
export type RecordSpans = (span: 'write' | 'claim' | 'commit', ms: number, rows: number) => void;

/**
 * Records outcomes (one commit for all of them); with `claimNext`, claims in the same commit the
 * rows each outcome freed, for `service` (the profile's service now).
 */
export async function recordSends(
  profileId: string,
  items: SendRecord[],
  service: string,
  options: RecordOptions = {},
): Promise<Recorded[]> {
  const { window, random = Math.random, spans } = options;
  const db = outboxDb(profileId);
  const started = performance.now();
  let written = started;
  let claimed = started;
  const recorded = await db.transaction('rw', writable(db), async () => {
    const before = await db.rows.bulkGet(items.map((i) => i.rowId));
    const rows = before.map((row, i) => {
      if (!row) throw new RowNotFound(items[i]?.rowId ?? '');
      return row;
    });
    const after = rows.map((row, i) => {
      const { outcome, now } = items[i] as SendRecord;
      return t.recordOutcome(row, outcome, now, random);
    });
    await Promise.all([
      save(db, after),
      db.audit.bulkAdd(after.map((n, i) => auditOf(rows[i] as OutboxRow, n, (items[i] as SendRecord).now))),
    ]);
    written = performance.now();
    const out: Recorded[] = after.map((row) => ({ row, claimed: [] }));
    // Each source freed is planned once, one after another: a claim for one source changes what
    // another reads (a row it claims may fund the other), so plans must not interleave.
    const planned = new Set<string>();
    for (const [i, { claimNext, now }] of items.entries()) {
      if (!claimNext) continue;
      for (const sourceKey of [after[i]?.sourceKey, after[i]?.fundsKey]) {
        if (sourceKey === undefined || planned.has(sourceKey)) continue;
        planned.add(sourceKey);
        (out[i] as Recorded).claimed.push(...(await claimHead(db, sourceKey, now, service, window)));
      }
    }
    claimed = performance.now();
    return out;
  });
  if (spans) {
    spans('write', written - started, items.length);
    spans('claim', claimed - written, items.length);
    spans('commit', performance.now() - claimed, items.length);
  }
  return recorded;
}

async function eachInState(
  profileId: string,
  state: OutboxState,
  change: (row: OutboxRow) => OutboxRow | null,
  now: number,
): Promise<number> {
  const db = outboxDb(profileId);
  return db.transaction('rw', writable(db), async () => {
    return (await writeChanges(db, await db.rows.where('state').equals(state).toArray(), change, now)).length;
  });
}

/** Rows a crash or reload left in `sending` (only called by the sender holding the profile's lock). */
export function recoverInterrupted(profileId: string, now = Date.now()): Promise<number> {
  return eachInState(profileId, 'sending', (row) => t.recoverAfterCrash(row, now), now);
}

/** Approved rows first tried longer ago than keys are remembered: to review. */
export function expireKeys(profileId: string, now = Date.now()): Promise<number> {
  return eachInState(
    profileId,
    'approved',
    (row) =>
      row.firstAttemptAt !== undefined && now - row.firstAttemptAt >= t.KEY_AGE_LIMIT_MS
        ? t.keyExpired(row, now)
        : null,
    now,
  );
}

export async function nextDueAt(profileId: string, now = Date.now()): Promise<number | null> {
  return nextDueAfter(await outboxDb(profileId).rows.where('state').equals('approved').toArray(), now);
}

/**
 * Cancels, in one commit, every row of the queue but those being sent (whose outcome only the
 * service knows): a person's deliberate "discard" in Settings, `reason` in each row's history
 * and the audit log. Returns the rows canceled.
 */
export async function discardQueued(profileId: string, reason: string, now = Date.now()): Promise<OutboxRow[]> {
  const db = outboxDb(profileId);
  return db.transaction('rw', writable(db), async () => {
    const rows = await db.rows.filter((r) => r.state !== 'sending').toArray();
    return writeChanges(db, rows, (row) => t.cancel(row, now, reason), now);
  });
}

/** Forgets the finished rows (sent, canceled, rejected); the audit log keeps their story. */
export async function clearFinished(profileId: string): Promise<number> {
  const db = outboxDb(profileId);
  return db.transaction('rw', db.archive, async () => {
    const n = await db.archive.count();
    await db.archive.clear();
    return n;
  });
}

export async function listAudit(profileId: string): Promise<AuditRecord[]> {
  return outboxDb(profileId).audit.orderBy('seq').toArray();
}
