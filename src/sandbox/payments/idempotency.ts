import type { IdempotencyRecord, World } from '../world/world';

export const DEFAULT_IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

function expired(world: World, record: IdempotencyRecord, nowMs: number): boolean {
  return nowMs - record.createdAtMs >= world.settings.idempotencyTtlMs;
}

/**
 * What `key` did, while the sandbox still remembers it. A key older than the TTL on the simulated
 * clock is forgotten here, at the moment it is looked up, so the answer never depends on when
 * the background sweep last ran.
 */
export function recall(world: World, key: string): IdempotencyRecord | undefined {
  const record = world.idempotency.get(key);
  if (record && expired(world, record, world.clock.now())) {
    world.idempotency.delete(key);
    return undefined;
  }
  return record;
}

export function remember(world: World, key: string, record: Omit<IdempotencyRecord, 'createdAtMs'>): void {
  world.idempotency.set(key, { ...record, createdAtMs: world.clock.now() });
}

/** Drops every key past its TTL (so a long-running sandbox does not keep them all); returns how many. */
export function forgetExpired(world: World, nowMs: number): number {
  let forgotten = 0;
  for (const [key, record] of world.idempotency) {
    if (!expired(world, record, nowMs)) continue;
    world.idempotency.delete(key);
    forgotten++;
  }
  return forgotten;
}
