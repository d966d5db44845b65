/** The Demo bench's world: the seed the app's Demo uses and a pinned clock, so runs compare. */
export const DEMO_BENCH_SEED = 42;
export const DEMO_BENCH_START = Date.UTC(2026, 0, 15, 12);
