import { utilizationLimitsOf, type Card, type CardGroup, type Transaction } from '../../../../shared/service';
import { limitMeters, type LimitMeter } from './utilization';

/** What the Cards list shows for one card: spent against the first limit that caps it. */
export interface ListSpend {
  meter: LimitMeter;
  /** Whose limit it is: the card's own, or its group's (shared by every card in the group). */
  scope: 'card' | 'group';
}

/**
 * Spent against limit per card, for the Cards list: the card's own first limit (the one the
 * service's utilization answers), else its group's first limit counted over every card in the
 * group now (as the detail's meters and the service count it); no entry when nothing caps it.
 * `transactions` are the cached debits of every card since the earliest period start.
 */
export function listSpendOf(
  cards: readonly Card[],
  groups: readonly CardGroup[],
  transactions: readonly Transaction[],
  nowMs: number,
): Map<string, ListSpend> {
  const byCard = new Map<string, Transaction[]>();
  for (const tx of transactions) {
    if (tx.cardId === undefined) continue;
    const rows = byCard.get(tx.cardId);
    if (rows) rows.push(tx);
    else byCard.set(tx.cardId, [tx]);
  }
  const membersOf = new Map<string, Transaction[]>();
  for (const card of cards) {
    if (!card.cardGroupId) continue;
    const rows = membersOf.get(card.cardGroupId) ?? [];
    rows.push(...(byCard.get(card.id) ?? []));
    membersOf.set(card.cardGroupId, rows);
  }
  const out = new Map<string, ListSpend>();
  const groupMeters = new Map<string, LimitMeter | undefined>();
  for (const card of cards) {
    if (utilizationLimitsOf(card.spendingConstraint).length) {
      const meter = limitMeters(card.spendingConstraint, byCard.get(card.id) ?? [], nowMs)[0];
      if (meter) out.set(card.id, { meter, scope: 'card' });
      continue;
    }
    const groupId = card.cardGroupId;
    if (!groupId) continue;
    if (!groupMeters.has(groupId)) {
      const group = groups.find((g) => g.id === groupId);
      groupMeters.set(groupId, limitMeters(group?.spendingConstraint, membersOf.get(groupId) ?? [], nowMs)[0]);
    }
    const meter = groupMeters.get(groupId);
    if (meter) out.set(card.id, { meter, scope: 'group' });
  }
  return out;
}
