import sqlite3InitModule, { type BindableValue, type Database, type PreparedStatement } from '@sqlite.org/sqlite-wasm';
import type { TxQuery } from '../../../../src/renderer/src/model/tx-query';
import { parseQueryText } from '../../../../src/renderer/src/model/query-text';
import { serve } from '../browser/worker-host';
import type { RowInput } from './engine';
import { absoluteCentsRange } from './amount-terms';
import { isBound } from './glue';

/**
 * SQLite-WASM (the official @sqlite.org/sqlite-wasm build) with FTS5, set up the strongest way we
 * know for this workload: an in-memory database (':memory:', in the worker's WASM heap; OPFS would
 * only add I/O), a rows table with the filter columns and an index per filter column that also
 * orders by date, and a contentless FTS5 table of the words with prefix indexes for 2 and 3
 * letters, optimized after loading. Everything is SQL: text as `"word"*` prefix queries, typed
 * amounts as ranges on abs(amount), filters in WHERE, ORDER BY date_ms DESC, id DESC, and COUNT
 * and SUM for the summary. No glue code.
 */

const SCHEMA = `
  CREATE TABLE tx (
    rid INTEGER PRIMARY KEY, id TEXT NOT NULL, date_ms INTEGER NOT NULL, amount INTEGER NOT NULL,
    status TEXT NOT NULL, detailed_status TEXT NOT NULL, account_id TEXT NOT NULL, card_id TEXT,
    card_group_id TEXT, va_id TEXT, currency TEXT NOT NULL, has_fee INTEGER NOT NULL);
  CREATE VIRTUAL TABLE tx_fts USING fts5(words, content='', detail='none', columnsize=0, prefix='2 3');`;

const INDEXES = `
  CREATE INDEX tx_date ON tx(date_ms DESC, id DESC);
  CREATE INDEX tx_status ON tx(status, date_ms);
  CREATE INDEX tx_detailed ON tx(detailed_status, date_ms);
  CREATE INDEX tx_account ON tx(account_id, date_ms);
  CREATE INDEX tx_card ON tx(card_id, date_ms);
  CREATE INDEX tx_group ON tx(card_group_id, date_ms);
  CREATE INDEX tx_va ON tx(va_id, date_ms);
  CREATE INDEX tx_currency ON tx(currency, date_ms);
  CREATE INDEX tx_fee ON tx(has_fee, date_ms);
  CREATE INDEX tx_amount ON tx(amount);
  CREATE INDEX tx_abs ON tx(abs(amount));
  INSERT INTO tx_fts(tx_fts) VALUES ('optimize');
  ANALYZE;`;

const SET_COLUMNS = [
  ['statuses', 'status'],
  ['detailedStatuses', 'detailed_status'],
  ['accountIds', 'account_id'],
  ['cardIds', 'card_id'],
  ['cardGroupIds', 'card_group_id'],
  ['virtualAccountIds', 'va_id'],
  ['currencies', 'currency'],
] as const;

const inFts = 'rid IN (SELECT rowid FROM tx_fts WHERE tx_fts MATCH ?)';
const prefixMatch = (pieces: readonly string[]) => pieces.map((p) => `"${p}"*`).join(' AND ');

/** The WHERE clause of a query and its parameters. */
function whereOf(q: TxQuery): { sql: string; params: BindableValue[] } {
  const conds: string[] = [];
  const params: BindableValue[] = [];
  const words = parseQueryText(q.text).words;
  const pieces = words.flatMap((w) => (w.kind === 'text' ? w.pieces : []));
  if (pieces.length > 0) {
    conds.push(inFts);
    params.push(prefixMatch(pieces));
  }
  for (const w of words) {
    if (w.kind !== 'amount') continue;
    const range = absoluteCentsRange(w.amount);
    let cond = '0';
    if (range) {
      cond = `(abs(amount) BETWEEN ? AND ?${w.amount.negative ? ' AND amount < 0' : ''})`;
      params.push(range.lo, range.hi);
    }
    if (w.orWordPrefix !== undefined) {
      cond = `(${cond} OR ${inFts})`;
      params.push(prefixMatch([w.orWordPrefix]));
    }
    conds.push(cond);
  }
  for (const [field, column] of SET_COLUMNS) {
    const values = q[field];
    if (!values || values.length === 0) continue;
    conds.push(`${column} IN (${values.map(() => '?').join(',')})`);
    params.push(...values);
  }
  if (q.hasFee !== undefined) {
    conds.push('has_fee = ?');
    params.push(q.hasFee ? 1 : 0);
  }
  const bounds = [
    ['date_ms >=', q.fromMs],
    ['date_ms <=', q.toMs],
    ['amount >=', q.minCents],
    ['amount <=', q.maxCents],
  ] as const;
  for (const [test, value] of bounds) {
    if (!isBound(value)) continue;
    conds.push(`${test} ?`);
    params.push(value);
  }
  return { sql: conds.length > 0 ? `WHERE ${conds.join(' AND ')}` : '', params };
}

let db: Database | undefined;
let wasmHeapBytes = () => 0;
const statements = new Map<string, PreparedStatement>();

/** Prepared once per distinct SQL text, as an app would cache them. */
function statement(sql: string): PreparedStatement {
  let s = statements.get(sql);
  if (!s) {
    s = (db as Database).prepare(sql);
    statements.set(sql, s);
  }
  return s;
}

function run<T>(sql: string, params: BindableValue[], read: (s: PreparedStatement) => T): T {
  const s = statement(sql);
  try {
    if (params.length > 0) s.bind(params);
    return read(s);
  } finally {
    s.reset(true);
  }
}

async function build(rows: RowInput): Promise<void> {
  // The database is in memory: spare the library starting its OPFS helper workers.
  (globalThis as { sqlite3ApiConfig?: unknown }).sqlite3ApiConfig = {
    disable: { vfs: { opfs: true, 'opfs-vfs': true, 'opfs-wl': true, 'opfs-sahpool': true } },
  };
  const sqlite3 = await sqlite3InitModule();
  notes.unshift(`SQLite ${sqlite3.version.libVersion}`);
  wasmHeapBytes = () => sqlite3.wasm.heap8u().byteLength;
  db = new sqlite3.oo1.DB(':memory:', 'c');
  db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY;');
  db.exec(SCHEMA);
  const insertRow = db.prepare('INSERT INTO tx VALUES (?,?,?,?,?,?,?,?,?,?,?,?)');
  const insertWords = db.prepare('INSERT INTO tx_fts(rowid, words) VALUES (?,?)');
  db.exec('BEGIN');
  let rid = 0;
  for (const r of rows) {
    rid++;
    insertRow
      .bind([
        rid,
        r.id,
        r.dateMs,
        r.amountCents,
        r.status,
        r.detailedStatus,
        r.accountId,
        r.cardId ?? null,
        r.cardGroupId ?? null,
        r.virtualAccountId ?? null,
        r.currency,
        r.hasFee ? 1 : 0,
      ])
      .stepReset();
    insertWords.bind([rid, r.words.join(' ')]).stepReset();
  }
  db.exec('COMMIT');
  insertRow.finalize();
  insertWords.finalize();
  db.exec(INDEXES);
}

const notes = [
  'in-memory database (:memory:) in the worker, no OPFS',
  "FTS5 contentless, detail='none', prefix='2 3', optimized; one index per filter column (with date_ms), tx(date_ms DESC, id DESC), tx(abs(amount)); ANALYZE",
  'all of text, typed amounts, filters, order, count and totals in SQL; no glue code',
];

serve({
  readsOnce: true,
  notes,
  build,
  details: () => {
    const pages = db?.selectValue('PRAGMA page_count') ?? 0;
    const pageSize = db?.selectValue('PRAGMA page_size') ?? 0;
    return { wasmBytes: wasmHeapBytes(), databaseBytes: Number(pages) * Number(pageSize) };
  },
  query: (q, limit) => {
    const where = whereOf(q);
    const [count, inCents, outCents] = run(
      `SELECT count(*), coalesce(sum(CASE WHEN amount > 0 THEN amount END), 0), coalesce(sum(CASE WHEN amount < 0 THEN amount END), 0) FROM tx ${where.sql}`,
      where.params,
      (s) => {
        s.step();
        return [Number(s.get(0)), Number(s.get(1)), Number(s.get(2))] as const;
      },
    );
    const ids = run(
      `SELECT id FROM tx ${where.sql} ORDER BY date_ms DESC, id DESC LIMIT ?`,
      [...where.params, limit],
      (s) => {
        const out: string[] = [];
        while (s.step()) out.push(String(s.get(0)));
        return out;
      },
    );
    return { summary: { count, inCents, outCents, netCents: inCents + outCents }, ids };
  },
});
