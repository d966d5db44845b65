/**
 * The filter-only queries of bench:search's kinds (or another category's: `--category word`), in
 * Node, under several values of one of the engine's strategy settings (by default `coverShare`: 0
 * tests the filters left row by row, 8 applies them by their indexes when that names fewer than 8
 * rows per candidate left), interleaved query by query on one index so the machine's load falls
 * on every setting alike. Checks both
 * against the oracle. Reports as JSON lines (a line per query and setting, then per setting the
 * worst and the sum of the queries' p95s); judges nothing (bench:search holds the verdicts). It runs on a
 * world and queries seeded apart from bench:search's (tuning-seeds.ts: seeds 1042 and 1007 by
 * default; the verdict's 42 and 7 are refused), so a setting is never fitted to what it is judged on.
 *
 *   npx tsx tests/bench/search/node/filter-ab.ts 1000000 [coverShare] [0,8,16] [--category filter] [--seed N] [--query-seed N]
 *
 * The optional arguments name a setting of `tuning.ts` (default `coverShare`) and the values to
 * compare (default 0 and its current value).
 */
import { SearchIndex } from '../../../../src/renderer/src/search/engine';
import { tuning } from '../../../../src/renderer/src/search/engine/tuning';
import { generate } from './data';
import { expectedAnswers, difference } from './oracle';
import { CATEGORIES, chooseQueries, type Category } from './queries';
import { positionalArgs, tuningSeeds } from './tuning-seeds';
import { emit } from '../../shared/io';
import { percentiles } from '../../shared/stats';
const seeds = tuningSeeds(process.argv.slice(2));
const args = positionalArgs(process.argv.slice(2));
const categoryAt = process.argv.indexOf('--category');
const category = (categoryAt >= 0 ? process.argv[categoryAt + 1] : 'filter') as Category;
if (!CATEGORIES.includes(category)) throw new Error(`--category must be one of ${CATEGORIES.join(', ')}`);
const n = Number(args[0] ?? 100000);
const d = generate(n, seeds.dataSeed);
const qs = chooseQueries(d.rows, d.facts, seeds.querySeed).filter((q) => q.category === category);
emit({
  kind: 'tuning-world',
  seed: seeds.dataSeed,
  query_seed: seeds.querySeed,
  rows: d.rows.length,
  category,
  queries: qs.map((q) => q.name),
});
const exp = expectedAnswers(d.rows, qs, 50);
const index = SearchIndex.build(d.rows);
// The position lists are built lazily by the first query that needs them: built here, once, for both sides.
for (const q of qs) index.query(q.q);
type Setting = 'driverShare' | 'moreDriverShare' | 'coverShare' | 'checkCostPerTerm';
const key = (args[1] ?? 'coverShare') as Setting;
if (typeof tuning[key] !== 'number') throw new Error(`tuning.${key} is not a number setting`);
const values = (args[2] ?? `0,${tuning[key]}`).split(',').map(Number);
const settings = Object.fromEntries(values.map((v) => [`${key} ${v}`, v]));
const mismatches: string[] = [];
const times: Record<string, number[][]> = Object.fromEntries(values.map((v) => [`${key} ${v}`, qs.map(() => [])]));
for (let r = 0; r < 100; r++) {
  for (let k = 0; k < qs.length; k++) {
    for (const [name, value] of Object.entries(settings)) {
      tuning[key] = value;
      const s = performance.now();
      const res = index.query(qs[k]!.q);
      const ids = index.page(res, 0, 50).map((x) => x.id);
      times[name]![k]!.push(performance.now() - s);
      if (r === 0 && difference(exp[k]!, { summary: res.summary, ids })) mismatches.push(`${name}: ${qs[k]!.name}`);
    }
  }
}
qs.forEach((q, k) => {
  for (const [name, value] of Object.entries(settings))
    emit({
      kind: 'filter-ab',
      setting: key,
      value,
      query: q.name,
      count: exp[k]!.summary.count,
      ...percentiles(times[name]![k]!),
    });
});
// Each setting over all the queries: the p95 of each query's times, the worst and the sum of them.
for (const [name, value] of Object.entries(settings)) {
  const p95s = qs.map((_, k) => percentiles(times[name]![k]!).p95);
  emit({
    kind: 'filter-ab-setting',
    setting: key,
    value,
    worst_query_p95: Math.max(...p95s),
    sum_of_query_p95: Math.round(p95s.reduce((a, b) => a + b, 0) * 1000) / 1000,
  });
}
emit({ kind: 'answers', against: 'the oracle', mismatches });
