import { z } from 'zod';
import { Cursor, type Transaction } from '../service';
import { channel } from './define';
import { ProfileId, RequestId } from './schemas';

/** Most pages one call walks: bounds what main holds and what one answer carries (~1 MB at 50 rows a page). */
export const MAX_PAGES_PER_CALL = 32;

/**
 * `sync:transactionPages`: main walks one window of `listTransactions` from a cursor, several
 * pages in one call, so a backfill of 1M rows is hundreds of IPC round trips rather than 20,000.
 * Each page comes back with the cursor after it, so the renderer still writes every page and its
 * place together (a kill loses or doubles nothing). The query is the window's filters only; the
 * ServiceClient validates it against the endpoint's own schema before anything is sent. Cancel
 * with `service:cancel` and the same request id.
 */
export const TransactionPagesArg = z.strictObject({
  profileId: ProfileId,
  requestId: RequestId,
  query: z
    .record(z.string(), z.string().max(2000))
    .refine((q) => !Object.prototype.hasOwnProperty.call(q, 'cursor'), {
      message: 'the cursor goes in `cursor`, not in the query',
    })
    .optional(),
  cursor: Cursor.optional(),
  maxPages: z.number().int().min(1).max(MAX_PAGES_PER_CALL),
});
export type TransactionPagesArg = z.infer<typeof TransactionPagesArg>;

export interface TransactionPage {
  items: Transaction[];
  /** Where the next page starts; null after the window's last page. */
  nextCursor: string | null;
}

/**
 * The pages read, in order: at least one, at most `maxPages`, fewer when the window ended or a
 * later page failed (the failure is met again, and reported, by the call from the last cursor).
 */
export interface TransactionPages {
  pages: TransactionPage[];
}

export const syncChannels = {
  'sync:transactionPages': channel<TransactionPages>()(TransactionPagesArg),
} as const;
