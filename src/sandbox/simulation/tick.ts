import { forgetExpired } from '../payments/idempotency';
import type { World } from '../world/world';
import { applyDueCommissions } from './commissions';
import { settlePending } from './settlement';

/**
 * Brings the simulated world up to the clock: pending items settle, commissions fall due,
 * idempotency keys past their time are forgotten.
 */
export function catchUp(world: World): { settled: number; commissions: number; idempotencyKeysForgotten: number } {
  const now = world.clock.now();
  return {
    settled: settlePending(world, now),
    commissions: applyDueCommissions(world, now),
    idempotencyKeysForgotten: forgetExpired(world, now),
  };
}
