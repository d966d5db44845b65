/**
 * The filter-only queries of bench:search, in Node, under several values of one of the engine's
 * strategy settings (by default `coverShare`: 0 tests the filters left row by row, 8 applies them
 * by their indexes when that names fewer than 8 rows per candidate left), interleaved query by
 * query on one index so the machine's load falls on every setting alike. Checks
 * both against the oracle. Reports; judges nothing (bench:search holds the verdicts).
 *
 *   npx tsx tests/bench/search/node/filter-ab.ts 1000000 [coverShare] [0,8,16]
 *
 * The optional arguments name a setting of `tuning.ts` (default `coverShare`) and the values to
 * compare (default 0 and its current value).
 */
import { SearchIndex } from '../../../../src/renderer/src/search/engine';
import { tuning } from '../../../../src/renderer/src/search/engine/tuning';
import { generate } from './data';
import { chooseQueries } from './queries';
import { expectedAnswers, difference } from './oracle';
const n = Number(process.argv[2] ?? 100000);
const d = generate(n);
const qs = chooseQueries(d.rows, d.facts).filter((q) => q.category === 'filter');
const exp = expectedAnswers(d.rows, qs, 50);
const index = SearchIndex.build(d.rows);
// The position lists are built lazily by the first query that needs them: built here, once, for both sides.
for (const q of qs) index.query(q.q);
type Setting = 'driverShare' | 'moreDriverShare' | 'coverShare' | 'checkCostPerTerm';
const key = (process.argv[3] ?? 'coverShare') as Setting;
if (typeof tuning[key] !== 'number') throw new Error(`tuning.${key} is not a number setting`);
const values = (process.argv[4] ?? `0,${tuning[key]}`).split(',').map(Number);
const settings = Object.fromEntries(values.map((v) => [`${key} ${v}`, v]));
const times: Record<string, number[][]> = Object.fromEntries(values.map((v) => [`${key} ${v}`, qs.map(() => [])]));
for (let r = 0; r < 100; r++) {
  for (let k = 0; k < qs.length; k++) {
    for (const [name, value] of Object.entries(settings)) {
      tuning[key] = value;
      const s = performance.now();
      const res = index.query(qs[k]!.q);
      const ids = index.page(res, 0, 50).map((x) => x.id);
      times[name]![k]!.push(performance.now() - s);
      if (r === 0 && difference(exp[k]!, { summary: res.summary, ids })) console.log('MISMATCH', name, qs[k]!.name);
    }
  }
}
const pct = (a: number[], q: number) => [...a].sort((x, y) => x - y)[Math.floor(q * (a.length - 1))]!.toFixed(2);
qs.forEach((q, k) =>
  console.log(q.name.padEnd(42), 'count', String(exp[k]!.summary.count).padStart(7), ...Object.keys(settings).map((name) => `| ${name}: p50 ${pct(times[name]![k]!, 0.5)} p95 ${pct(times[name]![k]!, 0.95)}`)),
);
