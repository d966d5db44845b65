import type { TxQuery } from '../../model/tx-query';

/**
 * A card group filter means the cards in the group now, as the limits read a group (docs/features/cards.md,
 * "What counts toward a limit"): a card that joined brings its earlier rows, one that left takes them.
 * The index keeps each row's group as it was when the row was indexed, so the host turns the
 * groups into their current cards before the engine sees the query. A group with no card matches
 * nothing: a date bound of -Infinity is an ordinary bound no row meets (query.ts), where an empty
 * card list would not filter at all.
 */
export function groupsAsCards(q: TxQuery, groupOf: ReadonlyMap<string, { cardGroupId?: string | undefined }>): TxQuery {
  if (!q.cardGroupIds || q.cardGroupIds.length === 0) return q;
  const groups = new Set(q.cardGroupIds);
  const asked = q.cardIds && q.cardIds.length > 0 ? new Set(q.cardIds) : null;
  const cardIds: string[] = [];
  for (const [id, card] of groupOf) {
    if (card.cardGroupId !== undefined && groups.has(card.cardGroupId) && (asked === null || asked.has(id)))
      cardIds.push(id);
  }
  const { cardGroupIds: _groups, ...rest } = q;
  return cardIds.length > 0 ? { ...rest, cardIds } : { ...rest, toMs: -Infinity };
}
