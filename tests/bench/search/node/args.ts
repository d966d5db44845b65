export const ENGINES = ['ours', 'sqlite', 'flexsearch', 'minisearch', 'dexie'] as const;
export type EngineName = (typeof ENGINES)[number];

export interface Options {
  /** Row counts to run, in order. */
  sizes: number[];
  engines: EngineName[];
  /** A cheap run that checks the harness (CI): few repetitions, and a failing exit code when it breaks. */
  quick: boolean;
  buildTimeoutMs: number;
  queryTimeoutMs: number;
  /** A worker whose heap (JS + array buffers) passes this during its build is stopped and reported. */
  memoryCapBytes: number;
  /** Repetitions per query after warm-up: as many as fit the budget, within these bounds. */
  minReps: number;
  maxReps: number;
  queryBudgetMs: number;
  /** Time one engine's timed repetitions may take in all; slow engines get fewer (at least one per query). */
  engineBudgetMs: number;
}

export const USAGE = `Usage: tsx tests/bench/search/run.ts [options]
  --rows N[,N...]        row counts (default 100000,1000000; 2000 with --quick)
  --engines a,b          of ${ENGINES.join(',')} (default all)
  --quick                cheap harness check: few repetitions; exit 1 also if any engine cannot build or run (without it, only ours disagreeing with the oracle or failing exits 1)
  --build-timeout S      seconds per engine build (default 1200)
  --query-timeout S      seconds per query round trip (default 120)
  --memory-cap MB        stop a build whose worker heap passes this (default 3072)
  --reps MIN,MAX         repetitions per query after warm-up (default 3,40; 2,5 with --quick)
  --budget MS            time per query the repetitions may take (default 3000)
  --engine-budget S      time all of one engine's repetitions may take (default 600); fewer, down to 1 per query, when slower`;

function positiveInt(name: string, text: string | undefined): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new Error(`${name} needs a positive whole number, got ${text ?? 'nothing'}`);
  return n;
}

export function parseArgs(argv: readonly string[]): Options | 'help' {
  const given = new Map<string, string | undefined>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--help' || a === '-h') return 'help';
    if (a === '--quick') {
      given.set(a, undefined);
      continue;
    }
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
    const [flag, inline] = a.split('=', 2) as [string, string | undefined];
    given.set(flag, inline ?? argv[++i]);
  }
  const known = new Set([
    '--rows',
    '--engines',
    '--quick',
    '--build-timeout',
    '--query-timeout',
    '--memory-cap',
    '--reps',
    '--budget',
    '--engine-budget',
  ]);
  for (const flag of given.keys()) if (!known.has(flag)) throw new Error(`unknown option ${flag}`);
  const quick = given.has('--quick');
  const list = (flag: string) =>
    given
      .get(flag)
      ?.split(',')
      .filter((s) => s.length > 0);
  const sizes = (list('--rows') ?? (quick ? ['2000'] : ['100000', '1000000'])).map((s) =>
    positiveInt('--rows', s.replace(/_/g, '')),
  );
  const engines = (list('--engines') ?? [...ENGINES]).map((e) => {
    if (!(ENGINES as readonly string[]).includes(e))
      throw new Error(`unknown engine ${e}; known: ${ENGINES.join(', ')}`);
    return e as EngineName;
  });
  const [minReps, maxReps] = (list('--reps') ?? (quick ? ['2', '5'] : ['3', '40'])).map((s) =>
    positiveInt('--reps', s),
  ) as [number, number];
  if (!(minReps <= maxReps)) throw new Error('--reps needs MIN,MAX with MIN <= MAX');
  const seconds = (flag: string, fallback: number) =>
    (given.get(flag) === undefined ? fallback : positiveInt(flag, given.get(flag))) * 1000;
  return {
    sizes,
    engines,
    quick,
    buildTimeoutMs: seconds('--build-timeout', 1200),
    queryTimeoutMs: seconds('--query-timeout', 120),
    memoryCapBytes:
      (given.get('--memory-cap') === undefined ? 3072 : positiveInt('--memory-cap', given.get('--memory-cap'))) *
      1_048_576,
    minReps,
    maxReps,
    queryBudgetMs: given.get('--budget') === undefined ? 3000 : positiveInt('--budget', given.get('--budget')),
    engineBudgetMs: seconds('--engine-budget', 600),
  };
}
