import { utilizationLimitsOf, type Restriction, type SpendingConstraint } from '../../shared/service';
import type { World } from '../world/world';
import { categoryMatches } from '../../shared/spending/merchant-categories';
import { limitUsage } from './utilization';

/** What the network tells us about one authorization attempt. */
export interface Attempt {
  amountCents: number;
  merchantName: string;
  /** The seeded merchant's id when the name matched one (merchantRule may list ids too). */
  merchantId?: string;
  mcc: string;
  country: string;
}

export const DECLINE = {
  cardNotActive: 'card_not_active',
  merchant: 'merchant_not_allowed',
  category: 'merchant_category_not_allowed',
  categoryCode: 'merchant_category_code_not_allowed',
  country: 'country_not_allowed',
  size: 'transaction_size_limit_exceeded',
  limit: 'spending_limit_exceeded',
  funds: 'insufficient_funds',
  accountClosed: 'account_closed',
} as const;

/** An allowlist passes listed values only; a blacklist passes all but listed values. */
function passes(restriction: Restriction, listed: boolean): boolean {
  return restriction === 'allowlist' ? listed : !listed;
}

/**
 * The first rule of `constraint` the attempt breaks, as a decline reason, or undefined when it
 * passes them all. Limits count the spend of `scopeCardIds` (the card, or every card of a group).
 */
export function declineReasonFor(
  world: World,
  constraint: SpendingConstraint | undefined,
  scopeCardIds: readonly string[],
  a: Attempt,
  nowMs: number,
): string | undefined {
  if (!constraint) return undefined;
  const m = constraint.merchantRule;
  if (m) {
    const name = a.merchantName.toLowerCase();
    const listed = m.merchants.some((x) => x.toLowerCase() === name || x === a.merchantId);
    if (!passes(m.restriction, listed)) return DECLINE.merchant;
  }
  const cat = constraint.merchantCategoryRule;
  if (cat && !passes(cat.restriction, cat.merchantCategories.some((x) => categoryMatches(x, a.mcc)))) return DECLINE.category;
  const mcc = constraint.merchantCategoryCodeRule;
  if (mcc && !passes(mcc.restriction, mcc.merchantCategoryCodes.includes(a.mcc))) return DECLINE.categoryCode;
  const country = constraint.countryRule;
  if (country && !passes(country.restriction, country.countries.includes(a.country))) return DECLINE.country;
  const size = constraint.spendingRule?.transactionSizeLimit;
  if (size?.minimum && a.amountCents < size.minimum.amountCents) return DECLINE.size;
  if (size?.maximum && a.amountCents > size.maximum.amountCents) return DECLINE.size;
  for (const limit of utilizationLimitsOf(constraint)) {
    const { spendCents } = limitUsage(world, scopeCardIds, limit, nowMs);
    if (spendCents + a.amountCents > limit.limitAmount.amountCents) return DECLINE.limit;
  }
  return undefined;
}
