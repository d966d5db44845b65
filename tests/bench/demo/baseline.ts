/**
 * bench:demo's baseline, run in its own process (so its world's memory is not the app's):
 * the Demo's sandbox started alone with the same seed, size and clock (the seed's cost), then
 * every transaction paged by plain fetch in Node with one cursor, nothing stored (the fastest a
 * download of the same world can be). Prints JSON lines.
 */
import { startSandbox } from '../../../src/sandbox';
import { emit, numberArg } from '../shared/io';
import { fetchEveryPage } from '../shared/plain-fetch';
import { DEMO_BENCH_SEED, DEMO_BENCH_START } from './setup';

async function main(): Promise<void> {
  const rows = numberArg('rows', 100_000, true);
  const pageSize = numberArg('page-size', 50, true);
  const started = performance.now();
  const sandbox = await startSandbox({
    host: '127.0.0.1',
    port: 0,
    vaultPort: 0,
    seed: DEMO_BENCH_SEED,
    transactions: rows,
    startAt: DEMO_BENCH_START,
    pageSize,
    validateResponses: false,
  });
  const seeded = performance.now();
  try {
    emit({
      kind: 'baseline',
      what: 'the sandbox seeded and listening alone, in Node',
      rows: sandbox.world.transactions.size,
      seed_ms: Math.round(seeded - started),
      heap_mb: Math.round(process.memoryUsage().heapUsed / 1_048_576),
    });
    const { rows: got, ms } = await fetchEveryPage(sandbox);
    emit({
      kind: 'baseline',
      what: 'every page by plain fetch in Node, one cursor, nothing stored',
      page_size: pageSize,
      rows: got,
      fetch_ms: Math.round(ms),
      rows_per_s: Math.round((got / ms) * 1000),
      seed_plus_fetch_ms: Math.round(seeded - started + ms),
    });
  } finally {
    await sandbox.close();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
});
