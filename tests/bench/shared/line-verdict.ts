/**
 * The verdict of a benchmark whose lines carry their own judgement (`pass` beside a figure and its
 * target): every judged line must pass, no line may report an error, and every kind of line the
 * run is meant to print must be there, so a run that measured nothing (a crash, a child process
 * that died) is no pass. Pure (tests/unit/line-verdict.test.ts feeds it made-up lines).
 */
export interface BenchLine {
  kind: string;
  pass?: boolean;
  [field: string]: unknown;
}

export interface LineVerdict {
  failures: string[];
  exitCode: 0 | 1;
}

/** The figures a failure quotes, where the line has them. */
const FIGURES = [
  'p95',
  'target_p95_ms',
  'errors',
  'statuses',
  'transactions',
  'expected_transactions',
  'seed_ms',
  'target_ms',
  'peak_rss_mb',
  'target_peak_rss_mb',
  'mismatches',
  'examples',
];

function describe(line: BenchLine): string {
  const label = line.scenario ?? line.category;
  const figures = FIGURES.filter((f) => f in line).map((f) => `${f} ${JSON.stringify(line[f])}`);
  return `${line.kind}${typeof label === 'string' ? ` (${label})` : ''}${figures.length > 0 ? `: ${figures.join(', ')}` : ''}`;
}

export function judgeLines(lines: readonly BenchLine[], requiredKinds: readonly string[]): LineVerdict {
  const failures: string[] = [];
  for (const line of lines) {
    if (line.kind === 'error')
      failures.push(`error: ${typeof line.message === 'string' ? line.message : JSON.stringify(line)}`);
    else if (line.pass === false) failures.push(`missed: ${describe(line)}`);
  }
  const seen = new Set(lines.map((l) => l.kind));
  for (const kind of requiredKinds)
    if (!seen.has(kind)) failures.push(`no '${kind}' line: that part of the run measured nothing`);
  return { failures, exitCode: failures.length > 0 ? 1 : 0 };
}
