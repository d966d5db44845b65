import type { Card, CardGroup, Transaction } from '../../../../shared/service';
import {
  brokenRule,
  DECLINE,
  type BrokenRule,
  type DeclineReason,
  type Purchase,
} from '../../../../shared/spending/rules';
import { money } from '../../model/format';
import { spendCounter } from './utilization';
import {
  categoryWords,
  countryWords,
  limitWords,
  listWords,
  mccWords,
  merchantEntryWords,
  type KnownMerchants,
} from './words';
import { merchantCategoryOf } from '../../../../shared/spending/merchant-categories';

/**
 * "Would this purchase go through?", answered offline from the cache: the card's status, its own
 * rules, its group's rules (whose limits count the spend of every card of the group), then the
 * funds when the funding balance is known. The checks and their order are the service's
 * (src/sandbox/simulation/authorizations.ts); the answer uses the same decline reason codes.
 */

export type { Purchase };

export interface PurchaseContext {
  card: Card;
  /** The card's group, when it has one and it is cached. */
  group?: CardGroup | undefined;
  /** The card's cached transactions. */
  transactions: readonly Transaction[];
  /** Cached transactions of every card of the group (the card's included); the card's own when absent. */
  groupTransactions?: readonly Transaction[] | undefined;
  /** Available balance of the account the card spends from; funds are not checked when unknown. */
  fundingBalanceCents?: number | undefined;
  /** The funding account is closed. */
  fundingClosed?: boolean | undefined;
  /** Cached merchants, to name those a merchant rule lists by id. */
  merchants?: KnownMerchants | undefined;
  nowMs: number;
}

export type Verdict =
  | { approved: true; /** What could not be checked offline, in words. */ caveats: string[] }
  | {
      approved: false;
      reason: DeclineReason;
      /** Whose rule declines: the card's status, its own constraint, its group's, or the account. */
      source: 'status' | 'card' | 'group' | 'account';
      rule?: BrokenRule;
      /** The rule that declines, in words a person reads. */
      words: string;
    };

/** The broken rule in words, naming whose rule it is. */
export function brokenRuleWords(rule: BrokenRule, a: Purchase, whose: string, merchants: KnownMerchants = []): string {
  switch (rule.member) {
    case 'merchantRule':
      return `${whose} merchant rule allows ${listWords(
        rule.restriction,
        rule.listed.map((m) => merchantEntryWords(m, merchants)),
        'at',
      )}; “${a.merchantName}” is not allowed.`;
    case 'merchantCategoryRule':
      return `${whose} category rule allows ${listWords(rule.restriction, rule.listed.map(categoryWords), 'in')}; ${a.mcc} is in “${categoryWords(merchantCategoryOf(a.mcc))}”.`;
    case 'merchantCategoryCodeRule':
      return `${whose} MCC rule allows ${listWords(rule.restriction, rule.listed.map(mccWords), 'with')}; this purchase is ${mccWords(a.mcc)}.`;
    case 'countryRule':
      return `${whose} country rule allows ${listWords(rule.restriction, rule.listed.map(countryWords), 'in')}; this purchase is in ${countryWords(a.country)}.`;
    case 'transactionSizeLimit':
      return rule.bound === 'minimum'
        ? `${whose} smallest allowed purchase is ${money(rule.boundCents)}; ${money(a.amountCents)} is below it.`
        : `${whose} largest allowed purchase is ${money(rule.boundCents)}; ${money(a.amountCents)} is above it.`;
    case 'utilizationLimit':
      return `${whose} limit of ${limitWords(rule.limit)} has ${money(Math.max(0, rule.limit.limitAmount.amountCents - rule.spentCents))} left (${money(rule.spentCents)} spent); ${money(a.amountCents)} would exceed it.`;
  }
}

export function checkPurchase(a: Purchase, ctx: PurchaseContext): Verdict {
  const { card } = ctx;
  if (card.status !== 'active') {
    return {
      approved: false,
      reason: DECLINE.cardNotActive,
      source: 'status',
      words: `The card is ${card.status}; only an active card can pay.`,
    };
  }
  const own = brokenRule(card.spendingConstraint, a, spendCounter(ctx.transactions, ctx.nowMs));
  if (own)
    return {
      approved: false,
      reason: own.reason,
      source: 'card',
      rule: own,
      words: brokenRuleWords(own, a, 'The card’s', ctx.merchants),
    };
  const caveats: string[] = [];
  const group = ctx.group && ctx.group.id === card.cardGroupId ? ctx.group : undefined;
  if (card.cardGroupId && !group)
    caveats.push('The card’s group is not in the local cache: its rules were not checked.');
  if (group) {
    const spend = spendCounter(ctx.groupTransactions ?? ctx.transactions, ctx.nowMs);
    const shared = brokenRule(group.spendingConstraint, a, spend);
    if (shared)
      return {
        approved: false,
        reason: shared.reason,
        source: 'group',
        rule: shared,
        words: brokenRuleWords(shared, a, `The group “${group.name}”’s`, ctx.merchants),
      };
    if (!ctx.groupTransactions) caveats.push('Only this card’s spend was counted against the group’s limits.');
  }
  if (ctx.fundingClosed) {
    return {
      approved: false,
      reason: DECLINE.accountClosed,
      source: 'account',
      words: 'The account the card spends from is closed.',
    };
  }
  if (ctx.fundingBalanceCents === undefined)
    caveats.push('The funding balance is not known here: funds were not checked.');
  else if (ctx.fundingBalanceCents < a.amountCents) {
    return {
      approved: false,
      reason: DECLINE.funds,
      source: 'account',
      words: `The account the card spends from has ${money(ctx.fundingBalanceCents)} available; ${money(a.amountCents)} is more.`,
    };
  }
  return { approved: true, caveats };
}
