import { Clock } from '../world/clock';
import { IdFactory, Rng } from '../world/ids';
import { MemoryTransactionStore } from '../world/memory-transaction-store';
import { DEFAULT_IDEMPOTENCY_TTL_MS } from '../payments/idempotency';
import type { World } from '../world/world';
import { seedEntities } from './entities';
import { seedTransactions, seedTransactionsAsync, type SeedProgress } from './transactions';

export interface WorldOptions {
  /** Same seed, same world. */
  seed: number;
  /** How many transactions of history to generate. */
  transactions: number;
  /** Items per list page (the server's choice; clients must not assume it). */
  pageSize: number;
  /** Real-time source for the simulated clock (tests pin it). */
  now?: () => number;
  /**
   * The simulated instant the world starts at (unix ms) instead of the real time; the clock runs
   * on from there. The world is seeded relative to exactly this instant, so two worlds with the
   * same seed and start are identical however long start-up takes.
   */
  startAt?: number;
  /** How long an idempotency key is remembered, in simulated milliseconds (default 24 h). */
  idempotencyTtlMs?: number;
}

export const DEFAULT_WORLD_OPTIONS: Readonly<Pick<WorldOptions, 'seed' | 'transactions' | 'pageSize'>> = {
  seed: 42,
  transactions: 3000,
  pageSize: 50,
};

/**
 * Entities are seeded relative to a day boundary rather than the exact start-up instant, so two
 * worlds made with the same seed on the same day are identical.
 *
 * An option given as `undefined` means "not given": it never overrides a default (a caller that
 * forwards optional flags must not empty the world).
 */
export function createWorld(options: Partial<WorldOptions> = {}): World {
  const { world, transactions } = worldWithoutHistory(options);
  seedTransactions(world, transactions, world.clock.startedAt);
  return world;
}

/**
 * The same world as `createWorld`, made without blocking the process for long (a million rows
 * take seconds) and reporting how far the history is.
 */
export async function createWorldAsync(
  options: Partial<WorldOptions> = {},
  onProgress?: (p: SeedProgress) => void,
): Promise<World> {
  const { world, transactions } = worldWithoutHistory(options);
  await seedTransactionsAsync(world, transactions, world.clock.startedAt, onProgress);
  return world;
}

function worldWithoutHistory(options: Partial<WorldOptions>): { world: World; transactions: number } {
  const seed = options.seed ?? DEFAULT_WORLD_OPTIONS.seed;
  const transactions = options.transactions ?? DEFAULT_WORLD_OPTIONS.transactions;
  const pageSize = options.pageSize ?? DEFAULT_WORLD_OPTIONS.pageSize;
  const clock = new Clock(options.now, options.startAt);
  const rng = new Rng(seed);
  const ids = new IdFactory(rng);
  const startedAt = clock.startedAt;
  const anchor = Math.floor(startedAt / 86_400_000) * 86_400_000;
  const e = seedEntities(rng, ids, anchor);
  const byId = <T extends { id: string }>(items: T[]) => new Map(items.map((i) => [i.id, i]));
  const world: World = {
    clock,
    rng,
    ids,
    pageSize,
    settings: { idempotencyTtlMs: options.idempotencyTtlMs ?? DEFAULT_IDEMPOTENCY_TTL_MS },
    legalEntity: e.legalEntity,
    accounts: byId(e.accounts),
    virtualAccounts: byId(e.virtualAccounts),
    primaryVirtualAccountId: e.primaryVirtualAccountId,
    commissionRules: new Map(e.commissionRules.map((r) => [r.virtualAccountId, r])),
    cards: byId(e.cards),
    cardGroups: byId(e.cardGroups),
    cardProducts: byId(e.cardProducts),
    merchants: byId(e.merchants),
    svcHandles: byId(e.svcHandles),
    ownSvcHandleId: e.ownSvcHandleId,
    webhooks: byId(e.webhooks),
    wallets: new Map(),
    walletAddresses: new Map(),
    cardEvents: new Map(),
    feeDetails: new Map(),
    transactions: new MemoryTransactionStore(),
    ledger: [],
    idempotency: new Map(),
  };
  return { world, transactions };
}
