import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import { parseQueryText } from '../../../../src/renderer/src/model/query-text';
import { serve } from '../browser/worker-host';
import type { RowInput } from './engine';
import { amountPrefix, amountTokens } from './amount-terms';
import { AnswerBuilder, filterOf, splitOnSpace, type FilterFields } from './glue';

/**
 * MiniSearch 7. In the library: the words and the typed amounts (a second field of amount tokens,
 * see amount-terms.ts) as prefix terms combined with AND/OR query trees, the filter values as
 * stored fields, filters through its `filter` search option, and the wildcard query for searches
 * with no text. Glue code (glue.ts): the filter predicate passed to `filter`, newest-first order
 * of the results, the count and the totals.
 */

/** The stored id is `txId`: a stored field named `id` would shadow MiniSearch's own result id. */
interface Doc extends FilterFields {
  i: number;
  txId: string;
  w: string;
  amt: string;
}

type Stored = SearchResult & Omit<Doc, 'i' | 'w' | 'amt'>;

const STORED: (keyof Doc)[] = [
  'txId',
  'dateMs',
  'amountCents',
  'status',
  'detailedStatus',
  'accountId',
  'cardId',
  'cardGroupId',
  'virtualAccountId',
  'currency',
  'hasFee',
];
const asIs = (term: string) => term;

let index: MiniSearch<Doc> | undefined;

function build(rows: RowInput): void {
  index = new MiniSearch<Doc>({
    idField: 'i',
    fields: ['w', 'amt'],
    storeFields: STORED,
    tokenize: splitOnSpace,
    processTerm: asIs,
    searchOptions: { tokenize: splitOnSpace, processTerm: asIs, prefix: true, combineWith: 'AND' },
  });
  let i = 0;
  for (const r of rows) {
    index.add({
      i: i++,
      txId: r.id,
      w: r.words.join(' '),
      amt: amountTokens(r.amountCents).join(' '),
      dateMs: r.dateMs,
      amountCents: r.amountCents,
      status: r.status,
      detailedStatus: r.detailedStatus,
      accountId: r.accountId,
      cardId: r.cardId,
      cardGroupId: r.cardGroupId,
      virtualAccountId: r.virtualAccountId,
      currency: r.currency,
      hasFee: r.hasFee,
    });
  }
}

function queryOf(text: string | undefined): Query {
  const words = parseQueryText(text).words;
  if (words.length === 0) return MiniSearch.wildcard;
  const parts = words.map((w): Query => {
    if (w.kind === 'text') return { combineWith: 'AND', queries: w.pieces, fields: ['w'], prefix: true };
    const amount: Query = { queries: [amountPrefix(w.amount)], fields: ['amt'], prefix: true };
    if (w.orWordPrefix === undefined) return amount;
    return { combineWith: 'OR', queries: [amount, { queries: [w.orWordPrefix], fields: ['w'], prefix: true }] };
  });
  return { combineWith: 'AND', queries: parts };
}

serve({
  readsOnce: true,
  notes: [
    'in the library: prefix terms with AND/OR query trees (words, and amount tokens as a second field), filters through its filter option on stored fields, wildcard for no text',
    'glue: the filter predicate, newest-first order, count and totals',
  ],
  build,
  query: (q, limit) => {
    if (!index) throw new Error('query before build');
    const filter = filterOf(q);
    const results = index.search(queryOf(q.text), filter ? { filter: (r) => filter(r as Stored) } : {}) as Stored[];
    const answer = new AnswerBuilder(limit);
    for (const r of results) answer.add(r.txId, r.dateMs, r.amountCents);
    return answer.answer();
  },
});
