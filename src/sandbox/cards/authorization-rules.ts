import type { SpendingConstraint } from '../../shared/service';
import { brokenRule, type Purchase } from '../../shared/spending/rules';
import type { World } from '../world/world';
import { limitUsage } from './utilization';

export { DECLINE } from '../../shared/spending/rules';
/** What the network tells us about one authorization attempt. */
export type Attempt = Purchase;

/**
 * The first rule of `constraint` the attempt breaks, as a decline reason, or undefined when it
 * passes them all. Limits count the spend of `scopeCardIds` (the card, or every card of a group).
 */
export function declineReasonFor(
  world: World,
  constraint: SpendingConstraint | undefined,
  scopeCardIds: readonly string[],
  a: Attempt,
  nowMs: number,
): string | undefined {
  return brokenRule(constraint, a, (limit) => limitUsage(world, scopeCardIds, limit, nowMs).spendCents)?.reason;
}
