import type { Card, CardGroup } from '../../shared/service';
import type { CardGroupRecord, CardRecord } from '../world/records';
import type { World } from '../world/world';

/** What to reveal: only the vault host ever passes true (the route decides). */
export interface Reveal {
  pan: boolean;
  cvv: boolean;
}

const HIDDEN: Reveal = { pan: false, cvv: false };

/** The public card; PAN and CVV only when `reveal` says so. `cardGroupName` as the reference adds it. */
export function cardView(world: World, c: CardRecord, reveal: Reveal = HIDDEN): Card {
  const group = c.cardGroupId ? world.cardGroups.get(c.cardGroupId) : undefined;
  return {
    id: c.id,
    accountId: c.accountId,
    ...(c.virtualAccountId ? { virtualAccountId: c.virtualAccountId } : {}),
    last4: c.last4,
    name: c.name,
    expiryMonth: c.expiryMonth,
    expiryYear: c.expiryYear,
    status: c.status,
    isPhysical: c.isPhysical,
    isSingleUse: c.isSingleUse,
    ...(reveal.pan ? { pan: c.pan } : {}),
    ...(reveal.cvv ? { cvv: c.cvv } : {}),
    ...(c.cardGroupId ? { cardGroupId: c.cardGroupId } : {}),
    ...(group ? { cardGroupName: group.name } : {}),
    createdAt: c.createdAt,
    ...(c.spendingConstraint ? { spendingConstraint: structuredClone(c.spendingConstraint) } : {}),
    ...(c.userData ? { userData: structuredClone(c.userData) } : {}),
    ...(c.cardProductId ? { cardProductId: c.cardProductId } : {}),
  };
}

export function cardGroupView(g: CardGroupRecord): CardGroup {
  return {
    id: g.id,
    name: g.name,
    ...(g.virtualAccountId ? { virtualAccountId: g.virtualAccountId } : {}),
    ...(g.spendingConstraint ? { spendingConstraint: structuredClone(g.spendingConstraint) } : {}),
  };
}
