import {
  utilizationLimitsOf,
  type Restriction,
  type SpendingConstraint,
  type SpendingConstraintView,
  type UtilizationLimit,
} from '../service/spending-constraint';
import { categoryMatches } from './merchant-categories';

/**
 * The rules of one spending constraint applied to one purchase. The sandbox authorizes with them
 * and the app predicts with them offline, so the two read a constraint the same way; each side
 * brings its own count of what was already spent (the sandbox from its ledger, the app from its
 * cached transactions), which is what the property test compares.
 */

/** What the network tells us about one authorization attempt. */
export interface Purchase {
  amountCents: number;
  merchantName: string;
  /** The merchant's id when the name is a known merchant (merchantRule may list ids too). */
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
export type DeclineReason = (typeof DECLINE)[keyof typeof DECLINE];

/** The rule a purchase breaks, with what a person needs to be told about it. */
export type BrokenRule =
  | { reason: typeof DECLINE.merchant; member: 'merchantRule'; restriction: Restriction; listed: readonly string[] }
  | {
      reason: typeof DECLINE.category;
      member: 'merchantCategoryRule';
      restriction: Restriction;
      listed: readonly string[];
    }
  | {
      reason: typeof DECLINE.categoryCode;
      member: 'merchantCategoryCodeRule';
      restriction: Restriction;
      listed: readonly string[];
    }
  | { reason: typeof DECLINE.country; member: 'countryRule'; restriction: Restriction; listed: readonly string[] }
  | { reason: typeof DECLINE.size; member: 'transactionSizeLimit'; bound: 'minimum' | 'maximum'; boundCents: number }
  | {
      reason: typeof DECLINE.limit;
      member: 'utilizationLimit';
      limit: UtilizationLimit;
      index: number;
      spentCents: number;
    };

/** An allowlist passes listed values only; a blacklist passes all but listed values. */
function passes(restriction: Restriction, listed: boolean): boolean {
  return restriction === 'allowlist' ? listed : !listed;
}

/**
 * The first rule of `constraint` the purchase breaks, or undefined when it passes them all.
 * `spentCents(limit)` is what the constraint's scope (a card, or every card of its group) has
 * already spent in that limit's current period.
 */
export function brokenRule(
  constraint: SpendingConstraint | SpendingConstraintView | null | undefined,
  a: Purchase,
  spentCents: (limit: UtilizationLimit) => number,
): BrokenRule | undefined {
  if (!constraint) return undefined;
  const m = constraint.merchantRule;
  if (m) {
    const name = a.merchantName.toLowerCase();
    const listed = m.merchants.some((x) => x.toLowerCase() === name || x === a.merchantId);
    if (!passes(m.restriction, listed))
      return { reason: DECLINE.merchant, member: 'merchantRule', restriction: m.restriction, listed: m.merchants };
  }
  const cat = constraint.merchantCategoryRule;
  if (
    cat &&
    !passes(
      cat.restriction,
      cat.merchantCategories.some((x) => categoryMatches(x, a.mcc)),
    )
  ) {
    return {
      reason: DECLINE.category,
      member: 'merchantCategoryRule',
      restriction: cat.restriction,
      listed: cat.merchantCategories,
    };
  }
  const mcc = constraint.merchantCategoryCodeRule;
  if (mcc && !passes(mcc.restriction, mcc.merchantCategoryCodes.includes(a.mcc))) {
    return {
      reason: DECLINE.categoryCode,
      member: 'merchantCategoryCodeRule',
      restriction: mcc.restriction,
      listed: mcc.merchantCategoryCodes,
    };
  }
  const country = constraint.countryRule;
  if (country && !passes(country.restriction, country.countries.includes(a.country))) {
    return {
      reason: DECLINE.country,
      member: 'countryRule',
      restriction: country.restriction,
      listed: country.countries,
    };
  }
  const size = constraint.spendingRule?.transactionSizeLimit;
  if (size?.minimum && a.amountCents < size.minimum.amountCents)
    return {
      reason: DECLINE.size,
      member: 'transactionSizeLimit',
      bound: 'minimum',
      boundCents: size.minimum.amountCents,
    };
  if (size?.maximum && a.amountCents > size.maximum.amountCents)
    return {
      reason: DECLINE.size,
      member: 'transactionSizeLimit',
      bound: 'maximum',
      boundCents: size.maximum.amountCents,
    };
  const limits = utilizationLimitsOf(constraint);
  for (const [index, limit] of limits.entries()) {
    const spent = spentCents(limit);
    if (spent + a.amountCents > limit.limitAmount.amountCents)
      return { reason: DECLINE.limit, member: 'utilizationLimit', limit, index, spentCents: spent };
  }
  return undefined;
}
