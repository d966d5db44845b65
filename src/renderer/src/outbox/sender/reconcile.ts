import type { OutboxRow } from '../../../../shared/outbox';
import type { Transaction } from '../../../../shared/service';
import { serviceCall } from '../../platform/service';
import * as t from '../rows/transitions';
import { changeRow, listRows } from '../../repos/outbox-repo';

/** How long after its last attempt a payment's debit may be dated (the request's own timeout and then some); and how far before. */
const AFTER_MS = 2 * 60_000;
const BEFORE_MS = 60_000;
/** Pages of the window read at most (the service's page size; 200 pages of 50 is 10,000 transactions). */
const MAX_PAGES = 200;

type Payment = Extract<OutboxRow, { kind: 'payment' }>;
const handleOf = (row: Payment) => row.payload.svcHandle.replace(/^@/, '').toLowerCase();

function isDebitFor(tx: Transaction, amountCents: number, handle: string): boolean {
  const text = `${tx.description} ${tx.merchantData?.description ?? ''} ${tx.memo ?? ''}`.toLowerCase();
  return tx.amountCents === -amountCents && text.includes(`@${handle}`);
}

async function transactionsBetween(profileId: string, fromMs: number, toMs: number): Promise<Transaction[] | null> {
  const out: Transaction[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await serviceCall(profileId, 'listTransactions', { query: { 'filter:from_date': String(Math.floor(fromMs)), 'filter:to_date': String(Math.ceil(toMs)), ...(cursor ? { cursor } : {}) } });
    if (!r.ok) return null;
    out.push(...r.value.items);
    cursor = r.value.metadata?.nextCursor;
    if (!cursor) return out;
  }
  return null;
}

/**
 * Payments whose outcome was lost, settled against the service's own transactions: for each
 * amount and payee, the debits found in the time window are matched against the payments known
 * to have gone through. When every payment of that group is accounted for by a debit, the ones
 * in review are marked sent; when the debits cannot say which did (fewer than the rows), nothing
 * is decided and a person chooses. Never a resend.
 */
export async function reconcilePayments(profileId: string, now: number): Promise<number> {
  const rows = (await listRows(profileId)).filter((r): r is Payment => r.kind === 'payment');
  const review = rows.filter((r) => r.state === 'needs-review' && r.firstAttemptAt !== undefined);
  const groups = new Map<string, Payment[]>();
  for (const r of review) {
    const key = `${r.amountCents}|${handleOf(r)}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  if (groups.size === 0) return 0;
  // One read of the service for the whole window the payments in review span.
  const fromMs = Math.min(...review.map((r) => r.firstAttemptAt as number)) - BEFORE_MS;
  const toMs = Math.min(now, Math.max(...review.map((r) => r.attempts.at(-1)?.at ?? (r.firstAttemptAt as number))) + AFTER_MS);
  const found = await transactionsBetween(profileId, fromMs, toMs);
  if (!found) return 0;
  let resolved = 0;
  for (const group of groups.values()) {
    const first = group[0] as Payment;
    const debits = found.filter((tx) => isDebitFor(tx, first.amountCents, handleOf(first)));
    // Payments of the same amount to the same payee that went through normally in the window.
    const sent = rows.filter((r) => r.state === 'sent' && r.amountCents === first.amountCents && handleOf(r) === handleOf(first) && (r.firstAttemptAt ?? 0) >= fromMs && (r.firstAttemptAt ?? 0) <= toMs);
    if (debits.length < sent.length + group.length) continue;
    const spare = debits.slice(sent.length);
    for (const [i, row] of group.entries()) {
      const match = spare[i] as Transaction;
      await changeRow(profileId, row.id, (r) => t.resolveSent(r, now, { matchedTransactionId: match.id }), now);
      resolved++;
    }
  }
  return resolved;
}
