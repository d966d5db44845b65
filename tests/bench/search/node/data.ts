import { wordsOf } from '../../../../src/renderer/src/model/query-text';
import { toSearchRow, type CardFacts } from '../../../../src/renderer/src/search/model/search-row';
import { createWorld } from '../../../../src/sandbox/seed/create-world';
import type { BenchRow } from '../shared/row-codec';

/** The simulated "now" of every run: a fixed instant, so two runs index the same history. */
export const FIXED_MS = Date.UTC(2026, 0, 15, 12, 0, 0);
/** The verdict's world and the seed its queries are picked with; tuning runs may use neither (tuning-seeds.ts). */
export const SEED = 42;
export const QUERY_SEED = 7;
/** Rows per chunk of the app's cache: a row's seq is its chunk, its slot the place in it. */
export const CHUNK_ROWS = 50;

/** What the queries are chosen from, besides the rows: words people type come from these fields. */
export interface DataFacts {
  /** Words of descriptions (merchants, counterparties) with how many rows carry them. */
  descriptionWords: Map<string, number>;
  /** Descriptions themselves (distinct), for two-word queries taken from one row. */
  descriptions: string[];
  /** Merchant cities with their row counts. */
  cities: Map<string, number>;
  /** Reference numbers seen (a sample), for id queries. */
  references: string[];
}

export interface BenchData {
  rows: BenchRow[];
  facts: DataFacts;
  generateMs: number;
}

const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

/** Rows from the sandbox's generator with `seed`, newest first (the order the service lists them). */
export function generate(transactions: number, seed = SEED): BenchData {
  const started = performance.now();
  const world = createWorld({ seed, transactions, now: () => FIXED_MS });
  const cards = (id: string): CardFacts | undefined => world.cards.get(id);
  const { items } = world.transactions.list({}, undefined, Number.MAX_SAFE_INTEGER);
  const facts: DataFacts = { descriptionWords: new Map(), descriptions: [], cities: new Map(), references: [] };
  const seenDescriptions = new Set<string>();
  const rows = items.map((tx, index): BenchRow => {
    if (!seenDescriptions.has(tx.description)) {
      seenDescriptions.add(tx.description);
      facts.descriptions.push(tx.description);
    }
    for (const w of new Set(wordsOf(tx.description))) bump(facts.descriptionWords, w);
    const city = tx.merchantData?.location?.city;
    if (city) bump(facts.cities, city);
    if (tx.referenceNumber && facts.references.length < 1000) facts.references.push(tx.referenceNumber);
    return { ...toSearchRow(tx, cards), seq: Math.floor(index / CHUNK_ROWS), slot: index % CHUNK_ROWS };
  });
  // "With a fee" also holds for what a fee row names (query.ts); the peers filter on one column,
  // so each row carries the resolved answer there, as a peer would store it at ingest. Ours and
  // the reference resolve the link themselves from `feeFor` and give the same answer.
  const charged = new Set(rows.map((r) => r.feeFor).filter((id): id is string => id !== undefined));
  for (const r of rows) if (charged.has(r.id)) r.hasFee = true;
  return { rows, facts, generateMs: performance.now() - started };
}
