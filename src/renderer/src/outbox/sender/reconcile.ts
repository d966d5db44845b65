import type { OutboxRow } from '../../../../shared/outbox';
import type { Transaction } from '../../../../shared/service';
import { serviceCall } from '../../platform/service';
import { changeRow, finishedSince, listRows } from '../repo/outbox-repo';
import {
  keyMayBeForgotten,
  notFoundAfterKeyExpired,
  NOT_FOUND_AFTER_KEY_EXPIRED,
  planReconciliation,
  reviewWindow,
  type Span,
} from '../model/reconcile-plan';
import * as t from '../model/transitions';

/** Pages of the window read at most (the service's page size; 200 pages of 50 is 10,000 transactions). */
const MAX_PAGES = 200;

/** Every transaction the service dates within `window`, or null when they could not all be read. */
export async function transactionsBetween(profileId: string, window: Span): Promise<Transaction[] | null> {
  const out: Transaction[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await serviceCall(profileId, 'listTransactions', {
      query: {
        'filter:from_date': String(Math.floor(window.fromMs)),
        'filter:to_date': String(Math.ceil(window.toMs)),
        ...(cursor ? { cursor } : {}),
      },
    });
    if (!r.ok) return null;
    out.push(...r.value.items);
    cursor = r.value.metadata?.nextCursor;
    if (!cursor) return out;
  }
  return null;
}

/** A person acted on the row in the meantime: theirs is the decision that stands. */
async function changeIfStillInReview(
  profileId: string,
  rowId: string,
  change: (row: OutboxRow) => OutboxRow,
  now: number,
): Promise<boolean> {
  try {
    await changeRow(profileId, rowId, change, now);
    return true;
  } catch (error) {
    if (error instanceof t.IllegalTransition) return false;
    throw error;
  }
}

/**
 * Payments whose answer was lost and transfers whose key the service may have forgotten, settled
 * against the service's own transactions (one read of the window they span) before a person is
 * asked: the ones the transactions show are marked sent; a transfer not found says so, and what
 * to do. Returns how many were marked sent.
 */
export async function reconcileInReview(profileId: string, now: number): Promise<number> {
  const queue = await listRows(profileId);
  const window = reviewWindow(queue, now);
  if (!window) return 0;
  const found = await transactionsBetween(profileId, window);
  if (!found) return 0;
  // Rows finished in the window may have used up a transaction too (a sent twin of a row in
  // review): they must count, or a row in review could be matched to a twin's transaction. A
  // day's margin covers every span that can overlap the window.
  const rows = [...queue, ...(await finishedSince(profileId, window.fromMs - 24 * 60 * 60_000))];
  const { resolved, unresolved } = planReconciliation(rows, found);
  let marked = 0;
  for (const { row, transactionId } of resolved) {
    if (
      await changeIfStillInReview(
        profileId,
        row.id,
        (r) => t.resolveSent(r, now, { matchedTransactionId: transactionId }),
        now,
      )
    )
      marked++;
  }
  for (const row of unresolved) {
    if (keyMayBeForgotten(row, now) && row.lastError !== NOT_FOUND_AFTER_KEY_EXPIRED)
      await changeIfStillInReview(profileId, row.id, (r) => notFoundAfterKeyExpired(r, now), now);
  }
  return marked;
}
