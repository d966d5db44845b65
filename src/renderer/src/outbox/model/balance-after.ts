import { sentAt, type OutboxRow, type OutboxState } from '../../../../shared/outbox';

/**
 * Balance after: the one figure every screen shows for what an item leaves in the account it
 * draws from (the new-transfer and new-payment panels, the Approvals inbox, the Dashboard's cash
 * table and the account's detail all call `balanceAfter` here).
 *
 *   balance after X = the account's cached balance
 *                   - every outflow from the same account AHEAD of X in the queue order
 *                   - X's own amount
 *
 * The cached balance is the virtual account's `balance` as the service last reported it, read at
 * the entity cache's `asOf` (ms). The service's balance holds every transaction it had booked by
 * then, pending or posted, so a transfer or payment this desktop sent before `asOf` is in it
 * already and one sent after it is not.
 *
 * An outflow is a transfer (from its `source`) or a payment (from the account its source handle
 * sends from: outbox/model/payment-source.ts), in one of these stages, in the queue order:
 *   1. `sent`: sent (its last attempt) after the balance was read: gone, not in the balance yet;
 *   2. `sending`: claimed by the sender, on its way;
 *   3. `approved`: goes next; the sender takes a source's approved rows oldest first
 *      (outbox-repo.ts claimHead: createdAt, then id), a row scheduled for later counted at its place;
 *   4. `waiting`: a draft or an item awaiting approval (here or in a team workspace): it leaves
 *      only once a person approves it, so after everything already approved, oldest first.
 * X's place is its own stage and creation time; an item being typed (not saved yet) is last.
 * "Ahead of X" = every outflow from X's account earlier than X in that order (ties by id).
 *
 * Not counted: failed, rejected and canceled items (they moved nothing); items in review (whether
 * they moved money is not known: the figure would be a guess either way); rows sent before the
 * balance was read (already in it); notes; an item whose account the cache cannot tell. Money comes
 * in (transfers into the account) are not added: the figure is what the account can count on.
 * The service's amounts carry no currency: every amount of an account is in its one currency.
 */

export type OutflowStage = 'sent' | 'sending' | 'approved' | 'waiting';

const STAGE_ORDER: Record<OutflowStage, number> = { sent: 0, sending: 1, approved: 2, waiting: 3 };

export interface Outflow {
  /** The row's id (a team row's id is its outbox row's id too, so one item is counted once). */
  id: string;
  /** The virtual account it draws from; undefined when the cache cannot tell (then never counted). */
  from: string | undefined;
  amountCents: number;
  stage: OutflowStage;
  /** When it joined the queue (ms): the order within a stage. */
  createdAt: number;
}

/** Older than this, a cached balance is said with its age: the sync re-reads balances every 5 minutes while online. */
export const BALANCE_FRESH_MS = 10 * 60_000;

/** Whether to say when the balance was read: offline, never synced, or older than BALANCE_FRESH_MS. */
export function balanceIsStale(cached: { asOf: number | null; online: boolean }, now: number): boolean {
  return !cached.online || cached.asOf === null || now - cached.asOf > BALANCE_FRESH_MS;
}

const STAGE_OF: Partial<Record<OutboxState, OutflowStage>> = {
  draft: 'waiting',
  'awaiting-approval': 'waiting',
  approved: 'approved',
  sending: 'sending',
};

/**
 * A queued row, or a row sent after `asOf` (by its last attempt), as an outflow; null for what is
 * not counted (see the top of this file). `sourceOf` names the account a row draws from.
 */
export function outflowOfRow(
  row: OutboxRow,
  asOf: number | null,
  sourceOf: (row: OutboxRow) => string | undefined,
): Outflow | null {
  if (row.kind === 'note') return null;
  const stage = row.state === 'sent' ? (asOf !== null && sentAt(row) > asOf ? 'sent' : undefined) : STAGE_OF[row.state];
  if (stage === undefined) return null;
  return { id: row.id, from: sourceOf(row), amountCents: row.payload.amountCents, stage, createdAt: row.createdAt };
}

/** Whether `a` leaves the account before `b` (the queue order above). */
export function isAhead(a: Outflow, b: Outflow): boolean {
  const byStage = STAGE_ORDER[a.stage] - STAGE_ORDER[b.stage];
  if (byStage !== 0) return byStage < 0;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt;
  return a.id < b.id;
}

export interface BalanceAfter {
  /** The cached balance less what is ahead and less the item itself. */
  afterCents: number;
  /** The outflows ahead of the item from the same account (the item itself not included). */
  ahead: { count: number; cents: number };
}

/**
 * What `item` leaves in `accountId` whose cached balance is `balanceCents`, with `outflows` (the
 * profile's, any account; the item may be among them) ahead of it counted. Without an item: what
 * the whole queue leaves (every outflow from the account counted).
 */
export function balanceAfter(
  accountId: string,
  balanceCents: number,
  outflows: readonly Outflow[],
  item?: Outflow,
): BalanceAfter {
  let count = 0;
  let cents = 0;
  const seen = new Set<string>();
  for (const o of outflows) {
    if (o.from !== accountId || seen.has(o.id) || (item && (o.id === item.id || !isAhead(o, item)))) continue;
    seen.add(o.id);
    count++;
    cents += o.amountCents;
  }
  const own = item && item.from === accountId ? item.amountCents : 0;
  return { afterCents: balanceCents - cents - own, ahead: { count, cents } };
}

/** An item being typed, not saved yet: last in the queue. */
export function typedItem(from: string, amountCents: number): Outflow {
  return { id: '\uffff typed', from, amountCents, stage: 'waiting', createdAt: Number.POSITIVE_INFINITY };
}
