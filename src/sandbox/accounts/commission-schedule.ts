import type { CommissionDetailsInput, CommissionRule } from '../../shared/service';
import type { CommissionRuleRecord } from '../world/records';
import type { World } from '../world/world';

/**
 * Adds calendar months in UTC, keeping the time of day. A day that the target month lacks is
 * clamped to its last day (Jan 31 + 1 month = Feb 28 or 29), and the clamp never carries into
 * later months: each due date is computed from the start, so Jan 31 + 2 months is Mar 31.
 */
export function addMonthsUtc(ms: number, months: number): number {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

/** The instant of collection number `k` (0 = the start date itself). */
export function commissionDueMs(rule: Pick<CommissionRuleRecord, 'startDate' | 'frequency'>, k: number): number {
  const start = Date.parse(rule.startDate);
  return addMonthsUtc(start, rule.frequency === 'monthly' ? k : 12 * k);
}

/**
 * A new rule for a virtual account. Collections are never taken retroactively: due dates already
 * past when the rule is set count as applied, so setting a rule whose startDate is in the past
 * collects from its next anniversary on, not a burst of back payments.
 */
export function newCommissionRule(world: World, virtualAccountId: string, details: CommissionDetailsInput): CommissionRuleRecord {
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
    commissionDetails: { type: 'flatFee', amount: { amountCents: rule.amountCents }, frequency: rule.frequency, startDate: rule.startDate },
  };
}
