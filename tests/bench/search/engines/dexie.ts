import Dexie, { type Collection, type Table } from 'dexie';
import type { TxQuery } from '../../../../src/renderer/src/model/tx-query';
import { parseQueryText } from '../../../../src/renderer/src/model/query-text';
import { serve } from '../browser/worker-host';
import type { RowInput } from './engine';
import { AnswerBuilder, filterOf, isBound, matchesWords, setFiltersOf, type FilterFields } from './glue';

/**
 * Dexie 4 the naive way: the rows in one IndexedDB table with an index on the date and on each
 * filter field, and queries as an app would first write them: where() on the first filter that
 * has an index (the first set filter, else hasFee, else the date range, else the amount range,
 * else the whole table), filter() with a JS predicate for everything else including the words,
 * toArray(). Glue code (glue.ts): the word and filter predicate, and newest-first order, count and
 * totals over the array (Dexie's sortBy cannot break ties by id, and count() would read the rows
 * a second time). The table lives in IndexedDB, in the browser's storage process: the worker's
 * memory figure does not include it.
 */

interface Row extends FilterFields {
  rid: number;
  id: string;
  hasFee: 0 | 1;
  words: string[];
}

const BATCH = 5_000;

const db = new Dexie('search-bench') as Dexie & { rows: Table<Row, number> };
db.version(1).stores({
  rows: 'rid, id, dateMs, amountCents, status, detailedStatus, accountId, cardId, cardGroupId, virtualAccountId, currency, hasFee',
});

async function build(rows: RowInput): Promise<void> {
  await db.rows.clear();
  let batch: Row[] = [];
  let rid = 0;
  for (const r of rows) {
    batch.push({ ...r, rid: rid++, hasFee: r.hasFee ? 1 : 0 });
    if (batch.length === BATCH) {
      await db.rows.bulkAdd(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await db.rows.bulkAdd(batch);
}

/** The first indexed filter of the query, as where(); the rest is left to filter(). */
function firstIndexed(q: TxQuery): Collection<Row, number> {
  const [set] = setFiltersOf(q);
  if (set) return db.rows.where(set.field).anyOf([...set.values]);
  if (q.hasFee !== undefined) return db.rows.where('hasFee').equals(q.hasFee ? 1 : 0);
  const [from, to, min, max] = [q.fromMs, q.toMs, q.minCents, q.maxCents].map((b) => (isBound(b) ? b : undefined));
  if (from !== undefined || to !== undefined)
    return db.rows.where('dateMs').between(from ?? -Infinity, to ?? Infinity, true, true);
  if (min !== undefined || max !== undefined)
    return db.rows.where('amountCents').between(min ?? -Infinity, max ?? Infinity, true, true);
  return db.rows.toCollection();
}

serve({
  readsOnce: true,
  notes: [
    'IndexedDB through Dexie: indexes on date, amount and each filter field; the table is in the browser storage process, outside the memory figures',
    "the bench's browser context is off the record, where Chromium keeps IndexedDB in memory: no disk I/O, which flatters Dexie against an app's on-disk profile",
    'where() on the first indexed filter, filter() with a JS predicate for the rest and the words, toArray()',
    'glue: the predicate, newest-first order, count and totals over the array',
  ],
  build,
  query: async (q, limit) => {
    const filter = filterOf(q);
    const words = parseQueryText(q.text).words;
    const rows = await firstIndexed(q)
      .filter((r) => (!filter || filter(r)) && matchesWords(words, r.words, r.amountCents))
      .toArray();
    const answer = new AnswerBuilder(limit);
    for (const r of rows) answer.add(r.id, r.dateMs, r.amountCents);
    return answer.answer();
  },
});
