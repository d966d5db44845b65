import {
  utilizationLimitsOf,
  type Card,
  type CardGroup,
  type SpendingConstraint,
  type SpendingConstraintView,
} from '../../../../shared/service';
import { money } from '../../model/format';
import {
  categoryWords,
  countryWords,
  limitWords,
  listWords,
  mccWords,
  merchantEntryWords,
  type KnownMerchants,
} from './words';

type AnyConstraint = SpendingConstraint | SpendingConstraintView | null | undefined;

/**
 * One sentence per rule of a constraint, in the order the service checks them. Empty: no rules.
 * `merchants` (the cached ones) name the merchants a rule lists by id. `limits` false leaves the
 * spending limits out, for a screen that shows each of them as a bar instead.
 */
export function describeConstraint(c: AnyConstraint, merchants: KnownMerchants = [], limits = true): string[] {
  if (!c) return [];
  const out: string[] = [];
  if (c.merchantRule)
    out.push(
      `Merchants: ${listWords(
        c.merchantRule.restriction,
        c.merchantRule.merchants.map((m) => merchantEntryWords(m, merchants)),
        'at',
      )}.`,
    );
  if (c.merchantCategoryRule)
    out.push(
      `Categories: ${listWords(c.merchantCategoryRule.restriction, c.merchantCategoryRule.merchantCategories.map(categoryWords), 'in')}.`,
    );
  if (c.merchantCategoryCodeRule)
    out.push(
      `Merchant category codes: ${listWords(c.merchantCategoryCodeRule.restriction, c.merchantCategoryCodeRule.merchantCategoryCodes.map(mccWords), 'with')}.`,
    );
  if (c.countryRule)
    out.push(`Countries: ${listWords(c.countryRule.restriction, c.countryRule.countries.map(countryWords), 'in')}.`);
  const size = c.spendingRule?.transactionSizeLimit;
  if (size?.minimum && size.maximum)
    out.push(`Each purchase between ${money(size.minimum.amountCents)} and ${money(size.maximum.amountCents)}.`);
  else if (size?.minimum) out.push(`Each purchase at least ${money(size.minimum.amountCents)}.`);
  else if (size?.maximum) out.push(`Each purchase at most ${money(size.maximum.amountCents)}.`);
  if (limits) for (const limit of utilizationLimitsOf(c)) out.push(`Spending at most ${limitWords(limit)}.`);
  return out;
}

/** Whose purchases a group's limits count: the cards in the group now, as the service counts them. */
export const GROUP_SPEND_WORDS =
  'The group’s limits count what every card in it now spent in the current period, purchases made before it joined included; a card that leaves takes its purchases with it.';

export interface EffectiveConstraintWords {
  /** The card's own rules, in words. */
  card: string[];
  /** The group's rules, in words (empty when the card has no group or the group has none). */
  group: string[];
  /** One sentence that says whose rules apply. */
  summary: string;
}

/**
 * What limits a card, in plain words: its own constraint and its group's, kept apart, because a
 * purchase must pass both and a group's limits count every card of the group.
 */
export function describeEffectiveConstraint(
  card: Card,
  group?: CardGroup,
  merchants: KnownMerchants = [],
  limits = true,
): EffectiveConstraintWords {
  const own = describeConstraint(card.spendingConstraint, merchants);
  const inGroup = card.cardGroupId !== undefined && group !== undefined && group.id === card.cardGroupId;
  const shared = inGroup ? describeConstraint(group.spendingConstraint, merchants) : [];
  const groupName = inGroup ? `its group “${group.name}”` : undefined;
  let summary: string;
  if (!own.length && !shared.length) {
    summary =
      card.cardGroupId && !inGroup
        ? 'The card has no rules of its own; its group is not in the local cache, so the group’s rules are not known here.'
        : 'No spending rules: any purchase the funds cover goes through.';
  } else if (own.length && shared.length) {
    summary = `A purchase must pass the card’s own rules and those of ${groupName}. ${GROUP_SPEND_WORDS}`;
  } else if (own.length) {
    summary = groupName
      ? `Only the card’s own rules apply (${groupName} has none).`
      : 'Only the card’s own rules apply.';
  } else {
    summary = `The card has no rules of its own; those of ${groupName} apply. ${GROUP_SPEND_WORDS}`;
  }
  if (limits) return { card: own, group: shared, summary };
  // The summary above still weighs the limits: they are rules, only shown elsewhere.
  return {
    card: describeConstraint(card.spendingConstraint, merchants, false),
    group: inGroup ? describeConstraint(group.spendingConstraint, merchants, false) : [],
    summary,
  };
}
