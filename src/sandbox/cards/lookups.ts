import { notFound } from '../http/errors';
import type { CardGroupRecord, CardRecord } from '../world/records';
import type { World } from '../world/world';

export function requireCard(world: World, id: string): CardRecord {
  const card = world.cards.get(id);
  if (!card) throw notFound('card', id);
  return card;
}

export function requireCardGroup(world: World, id: string): CardGroupRecord {
  const group = world.cardGroups.get(id);
  if (!group) throw notFound('card group', id);
  return group;
}
