import type { CommissionRule } from '../../../../shared/service';
import { nextCommissionMs } from '../../../../shared/accounts/commission-dates';
import { dayOrDateTime, money } from '../../model/format';
import { flatFeeOf } from './account-edits';

/** "Flat fee $25.00 monthly from Jan 5, 2026, 9:00 AM UTC", or what else the rule is. */
export function describeRule(rule: CommissionRule | undefined): string {
  if (!rule) return 'No commission rule.';
  const d = rule.commissionDetails;
  if (d.type === 'takeRate') return `Take rate of ${d.takeRate} (a rule this app shows but cannot set).`;
  const start = d.startDate ? ` from ${dayOrDateTime(d.startDate)}` : '';
  return `Flat fee ${money(d.amount.amountCents)} ${d.frequency}${start}`;
}

/** When the rule next collects at or after `nowMs`, in words; undefined when it cannot say. */
export function nextCollection(rule: CommissionRule | undefined, nowMs: number): string | undefined {
  const fee = flatFeeOf(rule);
  if (!fee) return undefined;
  const next = nextCommissionMs(fee, nowMs);
  return next === undefined ? undefined : dayOrDateTime(new Date(next).toISOString());
}
