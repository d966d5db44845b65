import type {
  CardGroupCreate,
  CardGroupListQuery,
  CardGroupUpdate,
  SpendingConstraintPatch,
} from '../../shared/service';
import { requireOpen, requireVirtualAccount } from '../accounts/guards';
import { paginate, type PageResult } from '../world/pagination';
import type { CardGroupRecord } from '../world/records';
import type { World } from '../world/world';
import { assertStartDates, mergeConstraint, replaceConstraint } from './constraints';
import { requireCardGroup } from './lookups';

function setConstraint(group: CardGroupRecord, next: CardGroupRecord['spendingConstraint']): void {
  if (next) group.spendingConstraint = next;
  else delete group.spendingConstraint;
}

/** Without virtualAccountId the group is tied to the primary virtual account, as the reference states. */
export function createCardGroup(world: World, body: CardGroupCreate): CardGroupRecord {
  // A closed account can fund no card, so a group cannot be tied to one.
  const virtualAccountId = body.virtualAccountId ?? world.primaryVirtualAccountId;
  requireOpen(requireVirtualAccount(world, virtualAccountId));
  assertStartDates(body.spendingConstraint, world.clock.now());
  const constraint = body.spendingConstraint ? replaceConstraint(body.spendingConstraint) : undefined;
  const group: CardGroupRecord = {
    id: world.ids.next('cg'),
    name: body.name,
    virtualAccountId,
    ...(constraint ? { spendingConstraint: constraint } : {}),
    createdAt: world.clock.iso(),
  };
  world.cardGroups.set(group.id, group);
  return group;
}

/** PATCH /card-group/{id}: name; spendingConstraint null removes every group-level rule, an object replaces them. */
export function updateCardGroup(world: World, id: string, body: CardGroupUpdate): CardGroupRecord {
  const group = requireCardGroup(world, id);
  assertStartDates(body.spendingConstraint, world.clock.now());
  if (body.name !== undefined) group.name = body.name;
  if (body.spendingConstraint !== undefined) setConstraint(group, replaceConstraint(body.spendingConstraint));
  return group;
}

export function writeGroupConstraint(
  world: World,
  id: string,
  body: SpendingConstraintPatch,
  mode: 'merge' | 'replace',
): CardGroupRecord {
  const group = requireCardGroup(world, id);
  assertStartDates(body, world.clock.now());
  setConstraint(group, mode === 'merge' ? mergeConstraint(group.spendingConstraint, body) : replaceConstraint(body));
  return group;
}

/**
 * GET /card-group, oldest first. The contract says only that it matches the name; we read it as a
 * case-insensitive substring, the forgiving choice for a search box (an exact name still matches; docs/service.md, "Card groups").
 */
export function listCardGroups(world: World, q: CardGroupListQuery): PageResult<CardGroupRecord> {
  const needle = q['filter:name']?.toLowerCase();
  const groups = [...world.cardGroups.values()].filter(
    (g) => needle === undefined || g.name.toLowerCase().includes(needle),
  );
  return paginate(groups, { cursor: q.cursor, pageSize: world.pageSize, key: (g) => g.createdAt });
}
