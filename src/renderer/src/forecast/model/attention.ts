import type { Card, CardGroup, SpendingConstraintView, Transaction } from '../../../../shared/service';
import { limitMeters } from '../../cards/model/utilization';
import { limitWords } from '../../cards/model/words';
import { dayOf, money } from '../../model/format';
import type { SectionId } from '../../model/sections';
import type { AccountForecast } from './forecast';

/** Something on the dashboard a person should look at, and the screen where they can act on it. */
export interface AttentionItem {
  key: string;
  text: string;
  section: SectionId;
}

/** A card is flagged once it has spent more than this share of a limit (80%). */
const NEAR_LIMIT = { num: 4, den: 5 };

/**
 * An approved transfer overdraws its source when the source's forecast ends its day below zero
 * and would not without it: it is the one that takes the account under.
 */
export function overdraws(forecasts: readonly AccountForecast[]): AttentionItem[] {
  const items: AttentionItem[] = [];
  for (const f of forecasts) {
    for (const e of f.events) {
      if (e.kind !== 'transfer-out') continue;
      const day = f.days[e.day];
      if (day && day.endCents < 0 && day.endCents - e.amountCents >= 0) {
        items.push({
          key: `overdraw:${e.movementId ?? e.day}:${f.accountId}`,
          text: `${e.label} would overdraw ${f.name} on ${dayOf(day.dayMs)}: ${money(day.endCents)} at the end of that day.`,
          section: 'approvals',
        });
      }
    }
  }
  return items;
}

/** Accounts whose forecast goes below zero within the horizon, with the first such day. */
export function belowZero(forecasts: readonly AccountForecast[]): AttentionItem[] {
  return forecasts
    .filter((f) => f.firstNegative)
    .map((f) => ({
      key: `negative:${f.accountId}`,
      text: `${f.name} is forecast below zero on ${dayOf(f.firstNegative?.dayMs ?? 0)} (lowest ${money(f.lowest.endCents)} on ${dayOf(f.lowest.dayMs)}).`,
      section: 'accounts' as const,
    }));
}

/** What is measured against limits: a card's own constraint, or a group's over its cards now. */
interface Limited {
  key: string;
  /** "Card Travel - Alice", "Group Meals (5 cards)". */
  who: string;
  constraint: SpendingConstraintView | null | undefined;
  cardIds: readonly string[];
  section: SectionId;
}

/**
 * Cards and groups past 80% of a limit in its current period, from their cached transactions. A
 * group's limits count the purchases of the cards in it now, as its own page does. `complete`
 * false: `transactions` are only the newest of those in the periods, so spend may be
 * undercounted; the list says so rather than look like a full check.
 */
export function nearLimits(
  cards: readonly Card[],
  transactions: readonly Transaction[],
  now: number,
  complete = true,
  groups: readonly CardGroup[] = [],
  groupCards: readonly Card[] = cards,
): AttentionItem[] {
  const byCard = new Map<string, Transaction[]>();
  for (const tx of transactions) {
    if (!tx.cardId) continue;
    const list = byCard.get(tx.cardId);
    if (list) list.push(tx);
    else byCard.set(tx.cardId, [tx]);
  }
  const limited: Limited[] = [
    ...cards.map((c) => ({
      key: `limit:${c.id}`,
      who: `Card ${c.name}`,
      constraint: c.spendingConstraint,
      cardIds: [c.id],
      section: 'cards' as const,
    })),
    ...groups.map((g) => {
      const members = groupCards.filter((c) => c.cardGroupId === g.id).map((c) => c.id);
      return {
        key: `group-limit:${g.id}`,
        who: `Group ${g.name} (${members.length} card${members.length === 1 ? '' : 's'})`,
        constraint: g.spendingConstraint,
        cardIds: members,
        section: 'card-groups' as const,
      };
    }),
  ];
  const items: AttentionItem[] = [];
  for (const l of limited) {
    const spend = l.cardIds.flatMap((id) => byCard.get(id) ?? []);
    for (const m of limitMeters(l.constraint, spend, now)) {
      const cap = m.limit.limitAmount.amountCents;
      if (m.spentCents * NEAR_LIMIT.den <= cap * NEAR_LIMIT.num) continue;
      items.push({
        key: `${l.key}:${m.index}`,
        text: `${l.who} has spent ${money(m.spentCents)} (${Math.floor((m.spentCents * 100) / cap)}%) of its limit of ${limitWords(m.limit)}.`,
        section: l.section,
      });
    }
  }
  if (!complete && limited.length > 0) {
    items.push({
      key: 'limit:partial',
      text:
        transactions.length === 0
          ? "Card limits could not be checked against the saved transactions: a card near its limit may be missing here. Each card's own page shows its limits."
          : `Card limits were checked against the newest ${transactions.length.toLocaleString('en-US')} saved card transactions only, not all of those in the limits' periods: a card near its limit may be missing here. Each card's own page counts its limits in full.`,
      section: 'cards',
    });
  }
  return items;
}

/** The limits the Dashboard watches: cards with limits of their own, groups with limits over the cards in them now. */
export interface WatchedLimits {
  cards: readonly Card[];
  groups: readonly CardGroup[];
  /** Every cached card: a group's members are found among them. */
  allCards: readonly Card[];
}

export function attentionItems(
  forecasts: readonly AccountForecast[],
  limits: WatchedLimits,
  transactions: readonly Transaction[],
  now: number,
  complete = true,
): AttentionItem[] {
  return [
    ...overdraws(forecasts),
    ...belowZero(forecasts),
    ...nearLimits(limits.cards, transactions, now, complete, limits.groups, limits.allCards),
  ];
}
