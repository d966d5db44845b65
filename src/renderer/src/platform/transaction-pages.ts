import type { Result, TransactionPages, TransactionPagesArg } from '../../../shared/ipc';
import { callMain } from './bridge';
import { cancellable, type CallOptions } from './service';

/**
 * Several pages of one window of transactions for a named profile in one call to main
 * (`sync:transactionPages`): the backfill's path, where a call per page was the limit.
 */
export function transactionPages(
  profileId: string,
  request: Omit<TransactionPagesArg, 'profileId' | 'requestId'>,
  options: CallOptions = {},
): Promise<Result<TransactionPages>> {
  return cancellable(options.signal, (requestId) =>
    callMain((api) => api.sync.transactionPages({ ...request, profileId, requestId })),
  );
}
