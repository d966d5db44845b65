import { startSandbox, type Sandbox } from '../../../src/sandbox';

/**
 * A service with nothing in it yet, as a new company's live account is: no transactions, cards,
 * card groups, webhooks, wallets, merchants or payees, and one virtual account (the primary one,
 * which every company has and the service's own writes fall back to), with its own svc handle.
 */
export async function startEmptySandbox(startAt: number): Promise<Sandbox> {
  const sandbox = await startSandbox({ seed: 5, transactions: 0, startAt });
  const w = sandbox.world;
  const lists: { clear(): void }[] = [
    w.cards,
    w.cardGroups,
    w.cardEvents,
    w.webhooks,
    w.wallets,
    w.walletAddresses,
    w.feeDetails,
    w.merchants,
    w.commissionRules,
  ];
  for (const list of lists) list.clear();
  for (const id of [...w.virtualAccounts.keys()]) if (id !== w.primaryVirtualAccountId) w.virtualAccounts.delete(id);
  for (const id of [...w.svcHandles.keys()]) if (id !== w.ownSvcHandleId) w.svcHandles.delete(id);
  return sandbox;
}
