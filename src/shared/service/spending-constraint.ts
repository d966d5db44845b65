import { z } from 'zod';
import { IsoDay, Money, MoneyInput } from './common';
import { Code, NameText } from './text';

/**
 * SpendingConstraint: five optional rule members. In a PATCH, a member set to null is removed
 * and omitted members are kept; in a PUT, the body replaces the whole constraint.
 */

/** The contract shows only `allowlist` (docs/service.md, "Spending constraints"); the reference adds `blacklist`. Both are accepted. */
export const Restriction = z.enum(['allowlist', 'blacklist']);
export type Restriction = z.infer<typeof Restriction>;

export const UtilizationPreset = z.enum(['daily', 'weekly', 'monthly', 'yearly', 'collective']);
export type UtilizationPreset = z.infer<typeof UtilizationPreset>;

function isIanaTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const TimeZone = z.string().refine(isIanaTimeZone, 'expected an IANA time zone such as America/New_York');

export const UtilizationLimit = z.object({
  limitAmount: MoneyInput.refine((m) => m.amountCents >= 0, 'limit must not be negative'),
  preset: UtilizationPreset,
  /** IANA zone; limits reset at its midnight; UTC when omitted. */
  timezone: TimeZone.optional(),
  /** A day, today or earlier (checked by the service against the limit's timezone). */
  startDate: IsoDay.optional(),
});
export type UtilizationLimit = z.infer<typeof UtilizationLimit>;

export const TransactionSizeLimit = z
  .object({ minimum: MoneyInput.optional(), maximum: MoneyInput.optional() })
  .refine(
    (l) => !l.minimum || !l.maximum || l.minimum.amountCents <= l.maximum.amountCents,
    'minimum must not exceed maximum',
  );

const strings = z.array(z.string().min(1).max(200)).max(1000);

export const MerchantCategoryRule = z.object({ merchantCategories: strings, restriction: Restriction });
export const MerchantRule = z.object({ merchants: strings, restriction: Restriction });
export const CountryRule = z.object({
  countries: z.array(z.string().regex(/^[A-Z]{2,3}$/, 'expected a country code such as US')).max(300),
  restriction: Restriction,
});
export const MerchantCategoryCodeRule = z.object({
  merchantCategoryCodes: z.array(z.string().regex(/^\d{4}$/, 'expected a four-digit MCC')).max(1000),
  restriction: Restriction,
});
export const SpendingRule = z.object({
  utilizationLimit: UtilizationLimit.optional(),
  utilizationLimitV2: z.array(UtilizationLimit).max(20).optional(),
  transactionSizeLimit: TransactionSizeLimit.optional(),
});

const members = {
  merchantCategoryRule: MerchantCategoryRule,
  merchantRule: MerchantRule,
  spendingRule: SpendingRule,
  countryRule: CountryRule,
  merchantCategoryCodeRule: MerchantCategoryCodeRule,
};
export const SPENDING_CONSTRAINT_MEMBERS = Object.keys(members) as (keyof typeof members)[];
export type SpendingConstraintMember = keyof typeof members;

/** A stored constraint, as sent in a create, a PUT or a full PATCH of a card or group. */
export const SpendingConstraint = z.object({
  merchantCategoryRule: MerchantCategoryRule.optional(),
  merchantRule: MerchantRule.optional(),
  spendingRule: SpendingRule.optional(),
  countryRule: CountryRule.optional(),
  merchantCategoryCodeRule: MerchantCategoryCodeRule.optional(),
});
export type SpendingConstraint = z.infer<typeof SpendingConstraint>;

/** PATCH and PUT bodies: each member may also be null (PATCH: remove it; PUT: leave it absent). */
export const SpendingConstraintPatch = z.object({
  merchantCategoryRule: MerchantCategoryRule.nullable().optional(),
  merchantRule: MerchantRule.nullable().optional(),
  spendingRule: SpendingRule.nullable().optional(),
  countryRule: CountryRule.nullable().optional(),
  merchantCategoryCodeRule: MerchantCategoryCodeRule.nullable().optional(),
});
export type SpendingConstraintPatch = z.infer<typeof SpendingConstraintPatch>;

/** What the service returns: the same members; fields it adds later are dropped, not refused. */
const viewLimit = z.object({
  limitAmount: Money,
  preset: UtilizationPreset,
  timezone: Code.optional(),
  startDate: Code.optional(),
});
export const SpendingConstraintView = z.object({
  merchantCategoryRule: z.object({ merchantCategories: z.array(NameText), restriction: Restriction }).nullish(),
  merchantRule: z.object({ merchants: z.array(NameText), restriction: Restriction }).nullish(),
  spendingRule: z
    .object({
      utilizationLimit: viewLimit.optional(),
      utilizationLimitV2: z.array(viewLimit).optional(),
      transactionSizeLimit: z.object({ minimum: Money.optional(), maximum: Money.optional() }).optional(),
    })
    .nullish(),
  countryRule: z.object({ countries: z.array(Code), restriction: Restriction }).nullish(),
  merchantCategoryCodeRule: z.object({ merchantCategoryCodes: z.array(Code), restriction: Restriction }).nullish(),
});
export type SpendingConstraintView = z.infer<typeof SpendingConstraintView>;

/** Every limit of a constraint, whether given as `utilizationLimit` or in `utilizationLimitV2`. */
export function utilizationLimitsOf(
  c: SpendingConstraint | SpendingConstraintView | undefined | null,
): UtilizationLimit[] {
  const rule = c?.spendingRule;
  if (!rule) return [];
  const list = [...(rule.utilizationLimitV2 ?? [])];
  if (rule.utilizationLimit) list.unshift(rule.utilizationLimit);
  return list.map((l) => ({
    limitAmount: { amountCents: l.limitAmount.amountCents },
    preset: l.preset,
    timezone: l.timezone,
    startDate: l.startDate,
  }));
}
