import type { World } from '../world/world';

/** Settles pending items that are old enough by `nowMs` (owned by the transactions feature). */
export function settlePending(_world: World, _nowMs: number): number {
  return 0;
}
