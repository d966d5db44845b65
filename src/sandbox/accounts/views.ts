import type { VirtualAccount, VirtualAccountView, VirtualAccountWriteResult } from '../../shared/service';
import type { VirtualAccountRecord } from '../world/records';
import type { World } from '../world/world';
import { commissionRuleView } from './commission-schedule';

export function publicVirtualAccount(va: VirtualAccountRecord): VirtualAccount {
  return {
    id: va.id,
    name: va.name,
    accountId: va.accountId,
    accountType: va.accountType,
    accountNumber: va.accountNumber,
    routingNumber: va.routingNumber,
    closedAt: va.closedAt,
  };
}

/** The read view: balance and spend are derived from the account's transactions at read time. */
export function virtualAccountView(world: World, va: VirtualAccountRecord): VirtualAccountView {
  const totals = world.transactions.totals(va.id);
  const rule = world.commissionRules.get(va.id);
  return {
    virtualAccount: publicVirtualAccount(va),
    balance: { amountCents: totals.availableCents },
    spend: { amountCents: totals.spendCents },
    ...(rule ? { commissionRule: commissionRuleView(rule) } : {}),
  };
}

/**
 * What POST and PATCH answer: the account, and its rule when it has one. The reference types
 * commissionRule as an object that is not nullable, so an account without a rule leaves it out.
 */
export function writeResult(world: World, va: VirtualAccountRecord): VirtualAccountWriteResult {
  const rule = world.commissionRules.get(va.id);
  return { virtualAccount: publicVirtualAccount(va), ...(rule ? { commissionRule: commissionRuleView(rule) } : {}) };
}
