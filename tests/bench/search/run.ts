/**
 * `npm run bench:search`: our search engine against the strongest peers, in Chromium.
 *
 * For each size: rows from the sandbox's seeded generator, 41 queries in 9 categories chosen from
 * them, the brute-force oracle's answers computed here in Node; then, one engine at a time in a
 * fresh page, a worker built with esbuild fetches the rows (binary chunks served by request
 * interception on a cross-origin isolated made-up origin), builds, is checked query by query
 * against the oracle (a mismatch is printed and that query is left out of that engine's timing),
 * and is timed from the window (the engine's own time in its worker beside it). stdout is JSON
 * lines only; the last line of each size is the summary against the targets. It exits 1 when our
 * engine disagrees with the oracle on any query, cannot build or answer, or misses a latency target
 * (node/verdict.ts). With --quick, the cheap harness check, latency is not judged and it also exits
 * 1 when any engine cannot build or answer.
 *
 *   npx tsx tests/bench/search/run.ts --rows 100000 [--engines ours,sqlite] (see --help)
 */
import { chromium } from '@playwright/test';
import { ENGINES, parseArgs, USAGE, type EngineName, type Options } from './node/args';
import { BenchPage } from './node/bench-page';
import { bundle } from './node/bundle';
import { FIXED_MS, SEED, generate } from './node/data';
import { emit, progress } from './node/emit';
import { expectedAnswers } from './node/oracle';
import { chooseQueries } from './node/queries';
import { emitLatencies, emitSummary } from './node/report';
import type { CategoryFigures } from './node/compare';
import { emptyOutcome, type EngineOutcome } from './node/engine-run';
import { recordTiming, timeRoundRobin } from './node/phases/timing';
import { prepareEngine, type PreparedEngine } from './node/run-engine';
import { Site } from './node/site';
import { searchVerdict } from './node/verdict';
import { mb, percentiles } from '../shared/stats';
import { encodeChunk } from './shared/row-codec';

const LIMIT = 50;
const CHUNK_ROWS = 20_000;
const BASELINE_REPS = 500;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
  // measureUserAgentSpecificMemory() otherwise answers only after some future GC (up to ~20 s).
  '--enable-blink-features=ForceEagerMeasureMemory',
];

async function bundleWorkers(site: Site, engines: readonly EngineName[]): Promise<Map<EngineName, string>> {
  const failed = new Map<EngineName, string>();
  for (const name of ['noop', ...engines] as const) {
    try {
      site.put(`/workers/${name}.js`, await bundle(`engines/${name}`), 'text/javascript');
    } catch (e) {
      if (name === 'noop') throw e;
      failed.set(name, e instanceof Error ? e.message : String(e));
    }
  }
  return failed;
}

async function baseline(
  browser: Parameters<typeof BenchPage.open>[0],
  site: Site,
  rows: number,
  options: Options,
): Promise<boolean> {
  const page = await BenchPage.open(browser, site);
  try {
    await page.call('start', '/workers/noop.js');
    const reps = options.quick ? 100 : BASELINE_REPS;
    const r = await page.call('noop', reps, options.queryTimeoutMs);
    if (!r.ok) {
      emit({ kind: 'error', engine: 'baseline', rows, phase: 'baseline', message: r.error });
      return false;
    }
    // The first round trips include the worker's start; the baseline is the steady cost.
    const ms = r.value.slice(Math.floor(reps / 10));
    emit({
      kind: 'baseline',
      rows,
      what: 'round trip of a no-op message to a worker answering a fixed page of 50 ids, from the window',
      ...percentiles(ms),
    });
    return true;
  } finally {
    await page.close();
  }
}

interface SizeResult {
  rows: number;
  outcomes: EngineOutcome[];
  baselineRan: boolean;
  categories: CategoryFigures[];
}

async function runSize(
  browser: Parameters<typeof BenchPage.open>[0],
  site: Site,
  rows: number,
  options: Options,
  unbundled: Map<EngineName, string>,
): Promise<SizeResult> {
  progress(`${rows} rows: generating`);
  const data = generate(rows);
  emit({
    kind: 'data',
    rows: data.rows.length,
    requested_rows: rows,
    seed: SEED,
    now: new Date(FIXED_MS).toISOString(),
    generate_ms: Math.round(data.generateMs),
  });
  const queries = chooseQueries(data.rows, data.facts);
  const t0 = performance.now();
  const expected = expectedAnswers(data.rows, queries, LIMIT);
  const oracleMs = performance.now() - t0;
  queries.forEach((q, i) =>
    emit({
      kind: 'query',
      rows,
      name: q.name,
      category: q.category,
      q: q.q,
      expected_count: expected[i]?.summary.count,
    }),
  );
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < data.rows.length; i += CHUNK_ROWS) chunks.push(encodeChunk(data.rows.slice(i, i + CHUNK_ROWS)));
  const manifestUrl = site.putRows(String(rows), data.rows.length, chunks);
  emit({
    kind: 'rows-encoded',
    rows,
    chunks: chunks.length,
    mb: mb(chunks.reduce((n, c) => n + c.byteLength, 0)),
    oracle_ms: Math.round(oracleMs),
  });
  const actualRows = data.rows.length;
  data.rows.length = 0; // the engines read the chunks now; Node needs no rows any more

  const baselineRan = await baseline(browser, site, actualRows, options);
  const prepared: PreparedEngine[] = [];
  try {
    for (const engine of options.engines) {
      const bundleError = unbundled.get(engine);
      if (bundleError) {
        emit({ kind: 'error', engine, rows: actualRows, phase: 'bundle', message: bundleError });
        prepared.push({ outcome: emptyOutcome(engine, queries.length), close: async () => {} });
      } else {
        prepared.push(
          await prepareEngine(
            { browser, site, manifestUrl, rows: actualRows, queries, expected, options, limit: LIMIT },
            engine,
          ),
        );
      }
    }
    const plans = prepared.flatMap((p) => (p.plan ? [p.plan] : []));
    await timeRoundRobin(plans);
    plans.forEach(recordTiming);
  } finally {
    for (const p of prepared) await p.close();
  }
  const outcomes = prepared.map((p) => p.outcome);
  for (const outcome of outcomes) emitLatencies(actualRows, outcome, queries);
  const categories = emitSummary(actualRows, outcomes, queries);
  site.dropRows(String(rows));
  return { rows: actualRows, outcomes, baselineRan, categories };
}

async function main(): Promise<void> {
  const parsed = parseArgs(process.argv.slice(2));
  if (parsed === 'help') {
    process.stderr.write(`${USAGE}\n`);
    return;
  }
  const options = parsed;
  progress('bundling the page and the workers with esbuild');
  const site = new Site(await bundle('browser/page'));
  const unbundled = await bundleWorkers(site, options.engines);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const sizes: SizeResult[] = [];
  try {
    emit({
      kind: 'run',
      chromium: browser.version(),
      sizes: options.sizes,
      engines: options.engines,
      all_engines: ENGINES,
      quick: options.quick,
      limit: LIMIT,
      node: process.version,
    });
    for (const rows of options.sizes) sizes.push(await runSize(browser, site, rows, options, unbundled));
  } finally {
    await browser.close();
  }
  const verdict = searchVerdict(sizes, options.quick);
  emit({ kind: 'verdict', exit_code: verdict.exitCode, failures: verdict.failures });
  if (verdict.exitCode !== 0) {
    progress(`failing: ${verdict.failures.join('; ')} (see the error and mismatch lines)`);
    process.exitCode = verdict.exitCode;
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
});
