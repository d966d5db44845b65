import { Document, type DocumentData, type DocumentSearchOptions } from 'flexsearch';
import type { TxQuery } from '../../../../src/renderer/src/model/tx-query';
import { parseQueryText } from '../../../../src/renderer/src/model/query-text';
import { serve } from '../browser/worker-host';
import type { RowInput } from './engine';
import { amountPrefix, amountTokens } from './amount-terms';
import { AnswerBuilder, filterOf, setFiltersOf, splitOnSpace, type FilterFields } from './glue';

/**
 * FlexSearch 0.8, a Document index with numeric ids and no scoring (resolution 1). In the library:
 * the words and the typed amounts (a field of amount tokens, amount-terms.ts) with the "forward"
 * tokenizer, which is how it matches prefixes; the set filters and hasFee as its tags, passed
 * with the search as its documentation shows. Glue code (glue.ts), where the library has nothing:
 * AND between the searches of separate query words and OR for a number that may be an amount or
 * a word; combining per-tag results when a search has tags but no text (the library returns one
 * list per tag then); the date and amount bounds; newest-first order, count and totals from
 * columns of dates and amounts. What the tags answer is not corrected: if they miscount, the
 * comparison with the oracle says so.
 */

const TAG_FIELDS = [
  'status',
  'detailedStatus',
  'accountId',
  'cardId',
  'cardGroupId',
  'virtualAccountId',
  'currency',
  'fee',
] as const;

let index: Document<DocumentData> | undefined;
let ids: string[] = [];
let dates = new Float64Array(0);
let amounts = new Float64Array(0);

function build(rows: RowInput): void {
  const field = (name: string) => ({ field: name, tokenize: 'forward' as const, encode: splitOnSpace, resolution: 1 });
  index = new Document<DocumentData>({
    document: { id: 'i', index: [field('w'), field('amt')], tag: [...TAG_FIELDS] },
  });
  ids = new Array<string>(rows.size);
  dates = new Float64Array(rows.size);
  amounts = new Float64Array(rows.size);
  let i = 0;
  for (const r of rows) {
    ids[i] = r.id;
    dates[i] = r.dateMs;
    amounts[i] = r.amountCents;
    const doc: DocumentData = {
      i,
      w: r.words.join(' '),
      amt: amountTokens(r.amountCents).join(' '),
      fee: r.hasFee ? 'yes' : 'no',
    };
    for (const f of [
      'status',
      'detailedStatus',
      'accountId',
      'cardId',
      'cardGroupId',
      'virtualAccountId',
      'currency',
    ] as const) {
      const v = r[f];
      if (v !== undefined) doc[f] = v;
    }
    index.add(doc);
    i++;
  }
}

/** Tags as the library takes them: one { field: value } per value. */
type TagSpec = Record<string, string>[];

function tagsOf(q: TxQuery): TagSpec | undefined {
  const tags: TagSpec = [];
  for (const { field, values } of setFiltersOf(q)) for (const v of values) tags.push({ [field]: v });
  if (q.hasFee !== undefined) tags.push({ fee: q.hasFee ? 'yes' : 'no' });
  return tags.length > 0 ? tags : undefined;
}

/** One library search of one field: the matching positions. */
function searchField(field: 'w' | 'amt', query: string, tags: TagSpec | undefined): number[] {
  const options: DocumentSearchOptions<DocumentData, false, string> = {
    query,
    pluck: field,
    limit: ids.length,
    ...(tags ? { tag: tags } : {}),
  };
  // The result type depends on the options in ways the typings do not follow: with `pluck`, it is the id list.
  return (index as Document<DocumentData>).search(options) as unknown as number[];
}

/** Tags alone: the library answers one list per (field, value); same field is OR, fields AND. */
function tagOnly(tags: TagSpec): Iterable<number> {
  const results = (index as Document<DocumentData>).search({ tag: tags, limit: ids.length }) as unknown as {
    field: string;
    result: number[];
  }[];
  const byField = new Map<string, Set<number>>();
  for (const { field, result } of results) {
    const set = byField.get(field) ?? new Set<number>();
    for (const p of result) set.add(p);
    byField.set(field, set);
  }
  const sets = [...byField.values()].sort((a, b) => a.size - b.size);
  const [first, ...rest] = sets;
  if (!first || byField.size < new Set(tags.flatMap((t) => Object.keys(t))).size) return [];
  return [...first].filter((p) => rest.every((s) => s.has(p)));
}

function intersect(a: Iterable<number> | undefined, b: readonly number[]): number[] {
  if (a === undefined) return [...b];
  const keep = new Set(b);
  return [...a].filter((p) => keep.has(p));
}

function candidates(q: TxQuery): Iterable<number> {
  const words = parseQueryText(q.text).words;
  const tags = tagsOf(q);
  let found: number[] | undefined;
  const pieces = words.flatMap((w) => (w.kind === 'text' ? w.pieces : []));
  if (pieces.length > 0) found = searchField('w', pieces.join(' '), tags);
  for (const w of words) {
    if (w.kind !== 'amount') continue;
    let hits = searchField('amt', amountPrefix(w.amount), tags);
    if (w.orWordPrefix !== undefined) hits = [...new Set([...hits, ...searchField('w', w.orWordPrefix, tags)])];
    found = intersect(found, hits);
  }
  if (found) return found;
  if (tags) return tagOnly(tags);
  return ids.keys();
}

serve({
  readsOnce: true,
  notes: [
    'in the library: words and amount tokens with the forward tokenizer (prefixes), set filters and hasFee as tags passed with the search',
    'glue: AND/OR across separate searches, combining per-tag lists when there is no text, date and amount bounds, newest-first order, count and totals',
  ],
  build,
  query: (q, limit) => {
    const bounds = filterOf(q, { sets: false, fee: false, dates: true, amounts: true });
    // One reused view of a row's dates and amounts for the bounds predicate (other fields are the tags' job).
    const view = { dateMs: 0, amountCents: 0 } as FilterFields;
    const answer = new AnswerBuilder(limit);
    for (const p of candidates(q)) {
      view.dateMs = dates[p] as number;
      view.amountCents = amounts[p] as number;
      if (bounds && !bounds(view)) continue;
      answer.add(ids[p] as string, view.dateMs, view.amountCents);
    }
    return answer.answer();
  },
});
