import type { World } from '../world/world';

/** Applies every commission collection due by `nowMs` (owned by the virtual-accounts feature). */
export function applyDueCommissions(_world: World, _nowMs: number): number {
  return 0;
}
