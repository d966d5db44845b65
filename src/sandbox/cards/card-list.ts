import type { CardListQuery } from '../../shared/service';
import { paginate, type PageResult } from '../world/pagination';
import type { CardRecord } from '../world/records';
import type { World } from '../world/world';

/** The cards matching GET /card's filters, in no particular order. */
export function matchingCards(world: World, q: CardListQuery): CardRecord[] {
  const le = q['filter:legalEntityId'];
  // Every card of the world belongs to the key's legal entity: another entity has none here.
  if (le !== undefined && le !== world.legalEntity.id) return [];
  let groupIds: Set<string> | undefined;
  const groupName = q['filter:cardGroupName'];
  if (groupName !== undefined) {
    // Exact name: several groups may share it, and their cards all match.
    groupIds = new Set([...world.cardGroups.values()].filter((g) => g.name === groupName).map((g) => g.id));
  }
  return [...world.cards.values()].filter(
    (c) =>
      (q['filter:accountId'] === undefined || c.accountId === q['filter:accountId']) &&
      (q['filter:virtualAccountId'] === undefined || c.virtualAccountId === q['filter:virtualAccountId']) &&
      (q['filter:status'] === undefined || c.status === q['filter:status']) &&
      (q['filter:cardGroupId'] === undefined || c.cardGroupId === q['filter:cardGroupId']) &&
      (groupIds === undefined || (c.cardGroupId !== undefined && groupIds.has(c.cardGroupId))),
  );
}

/** One page of GET /card: sorted by createdAt (default) or name, ASC (default) or DESC, keyset cursor. */
export function listCards(world: World, q: CardListQuery): PageResult<CardRecord> {
  const sort = q.sort ?? 'createdAt';
  return paginate(matchingCards(world, q), {
    cursor: q.cursor,
    pageSize: world.pageSize,
    key: (c) => (sort === 'name' ? c.name : c.createdAt),
    direction: q.sortDirection ?? 'ASC',
  });
}
