import type { VirtualAccountView } from '../../../../shared/service';
import { readEntities } from '../../repos/entities-repo';
import type { SendWindow } from '../model/queue-plan';
import { cachedAccount, sentFlows } from './warn-if-short';

/**
 * Most transfers in flight from one account. The drain of one account is a chain of round trips
 * (bench:outbox: ~30 ms a send, ~12 ms a record, 200 rows a source); four at a time cut that
 * chain by four while the sends of 5 sources (20 at once) stay well within what main serves.
 */
export const MAX_IN_FLIGHT = 4;

const ACCOUNT_KEY = 'va:';

/**
 * What each account can cover now, read before the claim's transaction (an IndexedDB transaction
 * cannot wait on the cache): its cached balance less what the outbox sent out since, plus what it
 * sent in; the rows in flight are taken off by the plan itself. `accountKeys` null: every cached
 * account (the first claim of a drain). An account not in the cache sends one row at a time.
 */
export async function sendWindow(
  profileId: string,
  accountKeys: readonly string[] | null,
  now = Date.now(),
): Promise<SendWindow> {
  const keys =
    accountKeys ??
    (await readEntities<VirtualAccountView>(profileId, 'virtualAccount')).map(
      (va) => `${ACCOUNT_KEY}${va.virtualAccount.id}`,
    );
  const availableCents = new Map<string, number>();
  await Promise.all(
    [...new Set(keys)]
      .filter((key) => key.startsWith(ACCOUNT_KEY))
      .map(async (key) => {
        const cached = await cachedAccount(profileId, key.slice(ACCOUNT_KEY.length), now);
        if (!cached) return;
        const moved = await sentFlows.since(profileId, key, cached.asOf ?? 0);
        availableCents.set(key, cached.value.balance.amountCents - moved.outCents + moved.inCents);
      }),
  );
  return { max: MAX_IN_FLIGHT, availableCents };
}
