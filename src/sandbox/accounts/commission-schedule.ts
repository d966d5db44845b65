import type { CommissionDetailsInput, CommissionRule } from '../../shared/service';
import type { CommissionRuleRecord } from '../world/records';
import type { World } from '../world/world';
import { commissionDueMs } from '../../shared/accounts/commission-dates';

/**
 * A new rule for a virtual account. Collections are never taken retroactively: due dates already
 * past when the rule is set count as applied, so setting a rule whose startDate is in the past
 * collects from its next anniversary on, not a burst of back payments.
 */
export function newCommissionRule(
  world: World,
  virtualAccountId: string,
  details: CommissionDetailsInput,
): CommissionRuleRecord {
  const rule: CommissionRuleRecord = {
    id: world.ids.next('cr'),
    virtualAccountId,
    amountCents: details.amount.amountCents,
    frequency: details.frequency,
    startDate: new Date(Date.parse(details.startDate)).toISOString(),
    applied: 0,
  };
  const now = world.clock.now();
  while (commissionDueMs(rule, rule.applied) < now) rule.applied++;
  return rule;
}

export function commissionRuleView(rule: CommissionRuleRecord): CommissionRule {
  return {
    id: rule.id,
    virtualAccountId: rule.virtualAccountId,
    commissionDetails: {
      type: 'flatFee',
      amount: { amountCents: rule.amountCents },
      frequency: rule.frequency,
      startDate: rule.startDate,
    },
  };
}
