import { sentAt, type OutboxRow } from '../../../../shared/outbox';
import type { SvcHandle, VirtualAccountView } from '../../../../shared/service';
import { money } from '../../model/format';
import type { ForecastAccount, ForecastMovement } from './forecast';

/** Rows that will move money unless someone stops them: approved, or being sent. */
const COMMITTED = new Set<OutboxRow['state']>(['approved', 'sending']);

export const isOpen = (v: VirtualAccountView): boolean => !v.virtualAccount.closedAt;

/** The open primary account: it pays payments from the own handle and receives commissions. */
export const primaryOf = (accounts: readonly VirtualAccountView[]): string | undefined =>
  accounts.find((v) => v.virtualAccount.accountType === 'primary' && isOpen(v))?.virtualAccount.id;

/**
 * The open virtual account a chosen handle pays from, when the cache tells: the one its
 * `accountId` names, else the only open one under that bank account. Several under it: unknown.
 */
export function accountOfHandle(
  handle: SvcHandle | undefined,
  accounts: readonly VirtualAccountView[],
): string | undefined {
  if (!handle) return undefined;
  const open = accounts.filter(isOpen);
  const named = open.find((v) => v.virtualAccount.id === handle.accountId);
  if (named) return named.virtualAccount.id;
  const under = open.filter((v) => v.virtualAccount.accountId === handle.accountId);
  return under.length === 1 ? under[0]?.virtualAccount.id : undefined;
}

/**
 * Whether a row's money is still to move as far as the cached balances know. Approved: yes. Sent
 * or being sent: only when it went out after the balances were read (asOf); one that went
 * earlier may be in them already, and counting it would take it twice. With no asOf the cache
 * holds no account, so nothing sent matters.
 */
function notInBalance(row: OutboxRow, asOf: number | null): boolean {
  if (row.state === 'approved') return true;
  if (row.state !== 'sending' && row.state !== 'sent') return false;
  return asOf !== null && sentAt(row) > asOf;
}

/**
 * The outbox's committed rows as dated movements: approved ones, and those sent (or being sent)
 * since the balances were read (`sent`: finished rows, `rows`: the queue). A transfer leaves its
 * source and reaches its destination on its scheduled day (today when due now or already sent).
 * A payment from the key's own svc handle leaves the primary virtual account (the service debits
 * it there); one from a chosen handle (also the company's: the form offers only its own) leaves
 * the account that handle's account maps to, and when the cache cannot tell which, is returned
 * apart, as `unplaced`.
 */
export function movementsOf(
  rows: readonly OutboxRow[],
  accounts: readonly VirtualAccountView[],
  now: number,
  since: { asOf: number | null; sent: readonly OutboxRow[] } = { asOf: null, sent: [] },
  handles: readonly SvcHandle[] = [],
): { movements: ForecastMovement[]; unplaced: OutboxRow[] } {
  const primary = primaryOf(accounts);
  const movements: ForecastMovement[] = [];
  const unplaced: OutboxRow[] = [];
  for (const row of [...rows, ...since.sent]) {
    if (!notInBalance(row, since.asOf)) continue;
    const atMs = row.state === 'approved' ? Math.max(now, row.notBefore ?? now) : now;
    if (row.kind === 'transfer') {
      const label = `Transfer ${money(row.amountCents)} from ${row.labels.source ?? row.payload.source} to ${row.labels.destination ?? row.payload.destination}`;
      movements.push({
        id: row.id,
        kind: 'transfer',
        fromId: row.payload.source,
        toId: row.payload.destination,
        amountCents: row.amountCents,
        atMs,
        label,
        ...(row.labels.source ? { fromName: row.labels.source } : {}),
        ...(row.labels.destination ? { toName: row.labels.destination } : {}),
      });
    } else if (row.kind === 'payment') {
      const chosen = row.payload.sourceSvcHandleId;
      const fromId =
        chosen === undefined
          ? primary
          : accountOfHandle(
              handles.find((h) => h.id === chosen),
              accounts,
            );
      if (!fromId) unplaced.push(row);
      else
        movements.push({
          id: row.id,
          kind: 'payment',
          fromId,
          amountCents: row.amountCents,
          atMs,
          label: `Payment ${money(row.amountCents)} to @${row.payload.svcHandle.replace(/^@/, '')}`,
          toName: `@${row.payload.svcHandle.replace(/^@/, '')}`,
        });
    }
  }
  return { movements, unplaced };
}

/** The forecast's accounts: the open ones, with their rule and card history (spend keyed by account id). */
export function forecastAccounts(
  views: readonly VirtualAccountView[],
  historyByAccount: Readonly<Record<string, number>>,
): ForecastAccount[] {
  return views.filter(isOpen).map((v) => {
    const d = v.commissionRule?.commissionDetails;
    const commission =
      d?.type === 'flatFee' && d.startDate
        ? { amountCents: d.amount.amountCents, frequency: d.frequency, startDate: d.startDate }
        : undefined;
    return {
      id: v.virtualAccount.id,
      name: v.virtualAccount.name,
      balanceCents: v.balance.amountCents,
      cardSpendHistoryCents: historyByAccount[v.virtualAccount.id] ?? 0,
      ...(commission ? { commission } : {}),
    };
  });
}

export interface CashSummary {
  totalCents: number;
  open: VirtualAccountView[];
  /** Closed accounts that still hold money: not in the total, listed apart. */
  closedWithBalance: VirtualAccountView[];
}

export function cashSummary(views: readonly VirtualAccountView[]): CashSummary {
  const open = views.filter(isOpen);
  return {
    totalCents: open.reduce((sum, v) => sum + v.balance.amountCents, 0),
    open,
    closedWithBalance: views.filter((v) => !isOpen(v) && v.balance.amountCents !== 0),
  };
}

export interface Bucket {
  count: number;
  totalCents: number;
}

export interface OutboxSummary {
  awaiting: Bucket;
  /** Approved and due now (or being sent). */
  approved: Bucket;
  /** Approved, not before a time still to come. */
  scheduled: Bucket;
  needsReview: Bucket;
}

/** What the outbox holds, each unfinished row in one bucket (drafts and failures are not counted). */
export function outboxSummary(rows: readonly OutboxRow[], now: number): OutboxSummary {
  const s: OutboxSummary = {
    awaiting: { count: 0, totalCents: 0 },
    approved: { count: 0, totalCents: 0 },
    scheduled: { count: 0, totalCents: 0 },
    needsReview: { count: 0, totalCents: 0 },
  };
  for (const row of rows) {
    const bucket =
      row.state === 'awaiting-approval'
        ? s.awaiting
        : row.state === 'needs-review'
          ? s.needsReview
          : COMMITTED.has(row.state)
            ? (row.notBefore ?? 0) > now
              ? s.scheduled
              : s.approved
            : undefined;
    if (!bucket) continue;
    bucket.count += 1;
    bucket.totalCents += row.amountCents;
  }
  return s;
}
