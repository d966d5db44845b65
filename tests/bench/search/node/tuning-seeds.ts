import { QUERY_SEED, SEED } from './data';

/**
 * Tune on one world, judge on another. A setting of the engine's tuning.ts chosen by timing
 * bench:search's own rows and queries would be fitted to the very answers the verdict times, so a
 * tuning run (filter-ab.ts) uses a world seeded apart and its queries picked with another seed,
 * and refuses the verdict's seeds. The query shapes are the same (bench:search's categories);
 * the data under them and the picks among them differ.
 */
export const TUNING_SEED = 1042;
export const TUNING_QUERY_SEED = 1007;

export interface TuningSeeds {
  dataSeed: number;
  querySeed: number;
}

/** `--seed N` and `--query-seed N` from `argv` (the tuning defaults otherwise); the verdict's seeds are refused. */
export function tuningSeeds(argv: readonly string[]): TuningSeeds {
  const value = (flag: string, fallback: number) => {
    const i = argv.indexOf(flag);
    if (i < 0) return fallback;
    const n = Number(argv[i + 1]);
    if (!Number.isSafeInteger(n)) throw new Error(`${flag} needs a whole number, got ${argv[i + 1] ?? 'nothing'}`);
    return n;
  };
  const seeds = { dataSeed: value('--seed', TUNING_SEED), querySeed: value('--query-seed', TUNING_QUERY_SEED) };
  if (seeds.dataSeed === SEED)
    throw new Error(`seed ${SEED} is bench:search's verdict world: tune on another (default ${TUNING_SEED})`);
  if (seeds.querySeed === QUERY_SEED)
    throw new Error(
      `query seed ${QUERY_SEED} picks bench:search's verdict queries: tune with another (default ${TUNING_QUERY_SEED})`,
    );
  return seeds;
}

/** The positional arguments: those that are not a `--flag value` pair, in order. */
export function positionalArgs(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i]?.startsWith('--')) i++;
    else out.push(argv[i] as string);
  }
  return out;
}
