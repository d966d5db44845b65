/**
 * Search engine benchmark: 1,000,000 transactions from the sandbox's seeded generator.
 *
 * The parent makes the rows (and the questions) and writes them to a temporary folder; a child
 * process plays the search worker: it builds the index from the rows streamed from disk (so its
 * memory is the index's, as in a worker that streams the cache), times realistic queries per
 * category (query + first page of 50, as the worker answers them), then the same with a
 * 10,000-row delta, compact(), save and load, and saves the index. The parent loads that index
 * and checks answers against referenceSearch over the same rows. One JSON object per line; the
 * last is the verdict: exit 1 when the build's peak RSS is over 500 MB, a category's p95 is over
 * 6 ms (with or without the delta), an answer differs from the reference, or a part of the run
 * printed nothing (the worker process died: line-verdict.ts).
 *
 *   npx tsx tests/bench/search-engine.node.ts          (BENCH_ROWS=100000 for a quick run)
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SearchIndex, type IndexedRow, type StoredIndex } from '../../src/renderer/src/search/engine';
import type { TxQuery } from '../../src/renderer/src/model/tx-query';
import { referenceSearch } from '../../src/renderer/src/search/model/reference-search';
import { toSearchRow } from '../../src/renderer/src/search/model/search-row';
import { wordsOf } from '../../src/renderer/src/model/query-text';
import { createWorld } from '../../src/sandbox/seed/create-world';
import type { Transaction } from '../../src/shared/service';
import { emit as print, keptLines } from './shared/io';
import { judgeLines, type BenchLine } from './shared/line-verdict';
import { percentiles } from './shared/stats';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PER_CATEGORY = Number(process.env.BENCH_QUERIES ?? 40);
const CHECKED_PER_CATEGORY = Number(process.env.BENCH_CHECKED ?? 3);
const DELTA_ROWS = 10_000;
const TARGET_P95_MS = 6;
const FIXED_MS = Date.UTC(2026, 5, 1, 12);
const DAY = 86_400_000;
const PAGE = 50;

type Categories = Record<string, TxQuery[]>;

/** Every line printed (the worker process's too), for the parent's verdict. */
const { lines, emit } = keptLines();

/** Deterministic choices (xorshift32), so two runs ask the same questions. */
function chooser(seed: number): () => number {
  let x = seed | 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;

function timed<T>(fn: () => T): [number, T] {
  const start = performance.now();
  const value = fn();
  return [Math.round(performance.now() - start), value];
}

function typedAmount(cents: number, style: number): string {
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100);
  const grouped = dollars.toLocaleString('en-US');
  const sign = cents < 0 ? '-' : '';
  const cc = String(abs % 100).padStart(2, '0');
  if (style === 0) return `${dollars}.${cc}`;
  if (style === 1) return `${sign}${grouped}`;
  if (style === 2) return String(dollars);
  return `${sign}$${grouped}.${cc.slice(0, 1)}`;
}

/** Realistic queries per category, drawn from the data like a person who knows their books. */
function makeQueries(txs: Transaction[], rows: IndexedRow[], cardIds: string[]): Categories {
  const rand = chooser(11);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const described = txs.filter((t) => wordsOf(t.description).some((w) => /^[a-z]{3,}$/.test(w)));
  const word = () => pick(wordsOf(pick(described).description).filter((w) => /^[a-z]{3,}$/.test(w)));
  const twoWords = () =>
    wordsOf(pick(described.filter((t) => wordsOf(t.description).length >= 2)).description)
      .slice(0, 2)
      .join(' ');
  const cities = [...new Set(txs.map((t) => t.merchantData?.location?.city).filter((c): c is string => !!c))];
  const newest = rows[0]?.dateMs ?? FIXED_MS;
  const window = (days: number) => {
    const toMs = newest - Math.floor(rand() * 330) * DAY;
    return { fromMs: toMs - days * DAY, toMs };
  };
  const vas = [...new Set(rows.map((r) => r.virtualAccountId).filter((v): v is string => !!v))];
  const filters: (() => TxQuery)[] = [
    () => ({ statuses: ['pending'] }),
    () => ({ ...window(30), virtualAccountIds: [pick(vas)] }),
    () => ({ cardIds: [pick(cardIds)], statuses: ['posted'] }),
    () => ({ ...window(90), hasFee: true }),
    () => ({ detailedStatuses: ['dispute', 'reversed'] }),
    () => ({ minCents: -50_000, maxCents: -10_000, ...window(180) }),
    () => ({ currencies: ['CAD', 'EUR', 'GBP'] }),
    () => ({}),
  ];
  const make = (f: () => TxQuery) => Array.from({ length: PER_CATEGORY }, f);
  return {
    'one word': make(() => ({ text: word() })),
    'two words': make(() => ({ text: twoWords() })),
    '2-3 letter prefix': make(() => ({ text: word().slice(0, 2 + Math.floor(rand() * 2)) })),
    'amount as typed': make(() => ({ text: typedAmount(pick(rows).amountCents, Math.floor(rand() * 4)) })),
    'text + date range + status': make(() => ({
      text: word(),
      ...window(30 + Math.floor(rand() * 60)),
      statuses: ['posted'],
    })),
    'filter only (count)': make(() => pick(filters)()),
    'card id as text': make(() => ({ text: pick(cardIds) })),
    'transaction id as text': make(() => ({ text: pick(rows).id })),
    'merchant city': make(() => ({ text: pick(cities) })),
    'matches nothing': make(() => ({ text: pick(['qzxv', 'zzyzx ledger', 'xq 9999999.99', 'nothingatall']) })),
  };
}

/** The delta a sync leaves: new versions of rows (settled, a day later) and new rows. */
function makeDelta(rows: IndexedRow[]): IndexedRow[] {
  const rand = chooser(5);
  return Array.from({ length: DELTA_ROWS }, (_, i): IndexedRow => {
    const r = rows[Math.floor(rand() * rows.length)] as IndexedRow;
    return i % 2 === 0
      ? { ...r, status: 'posted', detailedStatus: 'settled', dateMs: r.dateMs + DAY }
      : { ...r, id: `txn_bench_${i}`, dateMs: FIXED_MS - i * 60_000 };
  });
}

function timeQueries(index: SearchIndex, queries: TxQuery[]): number[] {
  return queries.map((q) => {
    const start = performance.now();
    index.page(index.query(q), 0, PAGE);
    return performance.now() - start;
  });
}

function runCategories(index: SearchIndex, categories: Categories, kind: string): void {
  for (const qs of Object.values(categories)) timeQueries(index, qs); // warm-up: JIT, and the indexes built on first use
  for (const [category, qs] of Object.entries(categories)) {
    const s = percentiles(timeQueries(index, qs));
    emit({ kind, category, queries: qs.length, ...s, target_p95_ms: TARGET_P95_MS, pass: s.p95 <= TARGET_P95_MS });
  }
}

/** The time of calling a function that does nothing, the same number of times, the same way. */
function baseline(calls: number): void {
  const noop = (q: TxQuery) => q;
  const ms: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    noop({});
    ms.push(performance.now() - start);
  }
  emit({ kind: 'baseline', scenario: 'empty call (timer overhead)', calls, ...percentiles(ms) });
}

function* streamRows(file: string): Generator<IndexedRow> {
  const fd = openSync(file, 'r');
  const chunk = Buffer.alloc(1 << 20);
  let carry = '';
  try {
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      const lines = (carry + chunk.toString('utf8', 0, n)).split('\n');
      carry = lines.pop() ?? '';
      for (const line of lines) if (line) yield JSON.parse(line) as IndexedRow;
    }
  } finally {
    closeSync(fd);
  }
}

function saveIndex(dir: string, stored: StoredIndex): void {
  writeFileSync(join(dir, 'meta.json'), JSON.stringify(stored.meta));
  for (const [name, buffer] of Object.entries(stored.buffers))
    writeFileSync(join(dir, `${name}.bin`), new Uint8Array(buffer));
}

function loadIndex(dir: string): StoredIndex {
  const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as StoredIndex['meta'];
  const read = (name: string) => {
    const b = readFileSync(join(dir, `${name}.bin`));
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  };
  return { meta, buffers: { rows: read('rows'), ids: read('ids'), terms: read('terms'), postings: read('postings') } };
}

/** The search worker's part: everything timed, in a process holding only the index. */
function worker(dir: string): void {
  const rowsFile = join(dir, 'rows.ndjson');
  const [parseMs] = timed(() => {
    let n = 0;
    for (const _ of streamRows(rowsFile)) n++;
    return n;
  });
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const [buildMs, index] = timed(() => SearchIndex.build(streamRows(rowsFile)));
  const peak = process.resourceUsage().maxRSS * 1024;
  emit({
    kind: 'build',
    rows: index.size,
    build_ms: buildMs - parseMs,
    read_and_parse_ms: parseMs,
    memory_bytes: index.memoryBytes(),
    memory_mb: mb(index.memoryBytes()),
    rss_before_mb: mb(rssBefore),
    peak_rss_mb: mb(peak),
    note: 'build_ms excludes reading and parsing the rows (timed in a separate pass); peak RSS is the whole process, parsing included',
    target_peak_rss_mb: 500,
    pass: peak <= 500e6,
  });
  saveIndex(dir, index.toBuffers());
  const categories = JSON.parse(readFileSync(join(dir, 'queries.json'), 'utf8')) as Categories;
  baseline(Object.values(categories).reduce((n, qs) => n + qs.length, 0));
  runCategories(index, categories, 'query');
  emit({
    kind: 'memory after queries',
    memory_mb: mb(index.memoryBytes()),
    note: 'includes the indexes built on first use',
  });

  const rand = chooser(7);
  const all = index.query({});
  const ids = index
    .page(all, 0, all.summary.count)
    .filter(() => rand() < 0.001)
    .map((r) => r.id);
  const [getMs] = timed(() => ids.forEach((id) => index.get(id)));
  emit({ kind: 'get', calls: ids.length, total_ms: getMs });
  const deep = Array.from({ length: 30 }, () => {
    const start = performance.now();
    index.page(all, Math.floor(rand() * all.summary.count), PAGE);
    return performance.now() - start;
  });
  emit({
    kind: 'page',
    scenario: `a page of ${PAGE} at a random depth of all ${all.summary.count} rows`,
    ...percentiles(deep),
  });

  const delta = JSON.parse(readFileSync(join(dir, 'delta.json'), 'utf8')) as IndexedRow[];
  const [upsertMs] = timed(() => index.upsert(delta));
  emit({ kind: 'upsert', rows: delta.length, ms: upsertMs, delta_size: index.deltaSize });
  runCategories(index, categories, `query with a ${DELTA_ROWS}-row delta`);
  const [compactMs, compacted] = timed(() => index.compact());
  const [saveMs, stored] = timed(() => compacted.toBuffers());
  const [loadMs, loaded] = timed(() => SearchIndex.fromBuffers(stored));
  const storedBytes = Object.values(stored.buffers).reduce((n, b) => n + b.byteLength, 0);
  emit({
    kind: 'compact-save-load',
    compact_ms: compactMs,
    to_buffers_ms: saveMs,
    from_buffers_ms: loadMs,
    stored_mb: mb(storedBytes),
    rows: loaded.size,
  });
}

function crossCheck(index: SearchIndex, rows: IndexedRow[], categories: Categories): void {
  let checked = 0;
  const mismatches: string[] = [];
  for (const [category, qs] of Object.entries(categories)) {
    for (const q of qs.slice(0, CHECKED_PER_CATEGORY)) {
      const result = index.query(q);
      const ids = index.page(result, 0, result.summary.count).map((r) => r.id);
      const ref = referenceSearch(rows, q);
      checked++;
      if (JSON.stringify(ref.summary) !== JSON.stringify(result.summary) || ref.ids.join() !== ids.join())
        mismatches.push(`${category}: ${JSON.stringify(q)}`);
    }
  }
  emit({
    kind: 'cross-check',
    against: 'referenceSearch',
    queries: checked,
    mismatches: mismatches.length,
    examples: mismatches.slice(0, 5),
    pass: mismatches.length === 0,
  });
}

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'search-engine-bench-'));
  try {
    const [worldMs, world] = timed(() => createWorld({ seed: 42, transactions: ROWS, now: () => FIXED_MS }));
    const txs = world.transactions.list({}, undefined, Number.MAX_SAFE_INTEGER).items;
    const cards = (id: string) => world.cards.get(id);
    const [rowsMs, rows] = timed(() =>
      txs.map((tx, i): IndexedRow => ({ ...toSearchRow(tx, cards), seq: Math.floor(i / 500), slot: i % 500 })),
    );
    emit({
      kind: 'setup',
      rows: rows.length,
      world_ms: worldMs,
      to_search_rows_ms: rowsMs,
      to_search_row_us: Math.round((rowsMs * 1000) / rows.length),
      load_average: loadavg().map((l) => Math.round(l * 10) / 10),
    });
    const categories = makeQueries(txs, rows, [...world.cards.keys()]);
    const delta = makeDelta(rows);
    const fd = openSync(join(dir, 'rows.ndjson'), 'w');
    for (let i = 0; i < rows.length; i += 10_000)
      writeSync(
        fd,
        rows
          .slice(i, i + 10_000)
          .map((r) => `${JSON.stringify(r)}\n`)
          .join(''),
      );
    closeSync(fd);
    writeFileSync(join(dir, 'queries.json'), JSON.stringify(categories));
    writeFileSync(join(dir, 'delta.json'), JSON.stringify(delta));

    const self = fileURLToPath(import.meta.url);
    // glibc keeps large freed blocks once its mmap threshold has grown, so RSS would keep every
    // temporary buffer the build ever had; a fixed threshold makes peak RSS the live peak.
    const env = { ...process.env, MALLOC_MMAP_THRESHOLD_: '131072' };
    const child = spawnSync(process.execPath, [...process.execArgv, '--expose-gc', self, '--worker', dir], {
      encoding: 'utf8',
      maxBuffer: 16 << 20,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    process.stdout.write(child.stdout);
    for (const line of child.stdout.split('\n')) if (line.startsWith('{')) lines.push(JSON.parse(line) as BenchLine);
    if (child.status !== 0)
      emit({
        kind: 'error',
        scenario: 'worker process',
        message: `the worker process exited ${String(child.status ?? child.signal)}`,
        stderr: child.stderr.slice(-2000),
      });

    const index = SearchIndex.fromBuffers(loadIndex(dir));
    index.upsert(delta);
    const current = new Map(rows.map((r) => [r.id, r]));
    for (const r of delta) current.set(r.id, r);
    crossCheck(index, [...current.values()], categories);
    emit({ kind: 'done', load_average: loadavg().map((l) => Math.round(l * 10) / 10) });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const REQUIRED = [
  'setup',
  'build',
  'query',
  `query with a ${DELTA_ROWS}-row delta`,
  'compact-save-load',
  'cross-check',
];

if (process.argv[2] === '--worker') worker(process.argv[3] as string);
else {
  try {
    main();
  } catch (e) {
    emit({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
  }
  const v = judgeLines(lines, REQUIRED);
  print({ kind: 'verdict', failures: v.failures, exit_code: v.exitCode });
  process.exitCode = v.exitCode;
}
