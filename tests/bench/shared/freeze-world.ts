import type { Sandbox } from '../../../src/sandbox';

/**
 * Stops the sandbox's simulated clock at its current instant, so nothing settles and no
 * commission falls due while a benchmark runs (its ticker still runs, finding nothing to do): the
 * service's transactions stay exactly what the app synced, and a reference computed from them at
 * the end answers for the cache the app searched. Returns the instant.
 */
export function freezeWorld(sandbox: Sandbox): number {
  const at = sandbox.world.clock.now();
  sandbox.world.clock.now = () => at;
  return at;
}
