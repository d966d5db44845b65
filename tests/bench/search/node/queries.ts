import type { TxQuery } from '../../../../src/renderer/src/model/tx-query';
import { dollarsOf, wordsOf } from '../../../../src/renderer/src/model/query-text';
import type { BenchRow } from '../shared/row-codec';
import { FIXED_MS, QUERY_SEED, type DataFacts } from './data';
import { lcg } from '../../../support/lcg';

/**
 * The questions every engine is asked: realistic searches in categories, taken from the data with
 * a fixed seed so two runs at the same size ask exactly the same ones.
 */

export const CATEGORIES = [
  'word',
  'two-words',
  'prefix',
  'amount',
  'text+date+status',
  'filter',
  'id',
  'city',
  'nothing',
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface BenchQuery {
  name: string;
  category: Category;
  q: TxQuery;
}

const DAY = 86_400_000;

/** A small deterministic generator (the sandbox bench's): same seed, same picks. */
/** "1,234" for 1234. */
function withCommas(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function chooseQueries(rows: readonly BenchRow[], facts: DataFacts, seed = QUERY_SEED): BenchQuery[] {
  const rand = lcg(seed).next;
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('nothing to pick a query from: too few rows?');
    return items[Math.floor(rand() * items.length)] as T;
  };
  const out: BenchQuery[] = [];
  const add = (category: Category, name: string, q: TxQuery) => out.push({ category, name: `${category}: ${name}`, q });

  // Words people would type: alphabetic, 4+ letters, by how many rows carry them.
  const byCount = [...facts.descriptionWords]
    .filter(([w]) => /^[a-z]{4,}$/.test(w))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  if (byCount.length < 8) throw new Error(`only ${byCount.length} description words: too few rows to choose queries`);
  const band = (from: number, to: number) =>
    byCount.slice(
      Math.floor(from * byCount.length),
      Math.max(Math.floor(from * byCount.length) + 1, Math.floor(to * byCount.length)),
    );
  const common = band(0, 0.1).map(([w]) => w);
  const middling = band(0.25, 0.6).map(([w]) => w);
  const rare = band(0.8, 1).map(([w]) => w);

  // One word.
  add('word', 'most common description word', { text: (byCount[0] as [string, number])[0] });
  add('word', 'a common word', { text: pick(common) });
  add('word', 'a middling word', { text: pick(middling) });
  add('word', 'a rare word', { text: pick(rare) });

  // Two words, as they stand together in a description.
  const pairs = facts.descriptions
    .map((d) => wordsOf(d).filter((w) => /^[a-z]{3,}$/.test(w)))
    .filter((ws) => ws.length >= 2);
  for (let i = 0; i < 3; i++) {
    const ws = pick(pairs);
    const at = Math.floor(rand() * (ws.length - 1));
    add('two-words', `pair ${i + 1} from a description`, { text: `${ws[at]} ${ws[at + 1]}` });
  }
  const topCity = [...facts.cities].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'new york';
  const cityWord = wordsOf(topCity)[0] ?? 'new';
  const inCity = rows.filter((r) => r.words.includes(cityWord));
  const commonSet = new Set(common);
  /** A common word that some row in the top city carries, with the city's first word. */
  const wordInCity = () => {
    for (let tries = 0; tries < 100 && inCity.length > 0; tries++) {
      const ws = pick(inCity).words.filter((w) => commonSet.has(w));
      if (ws.length > 0) return `${pick(ws)} ${cityWord}`;
    }
    return `${pick(common)} ${cityWord}`;
  };
  add('two-words', 'common word and a city', { text: wordInCity() });

  // Type-ahead: the first two or three letters.
  add('prefix', '2 letters of a common word', { text: pick(common).slice(0, 2) });
  add('prefix', '3 letters of a common word', { text: pick(common).slice(0, 3) });
  add('prefix', '2 letters of a middling word', { text: pick(middling).slice(0, 2) });
  add('prefix', '3 letters of a rare word', { text: pick(rare).slice(0, 3) });

  // Amounts as typed, from real rows.
  const amountRow = (test: (r: BenchRow) => boolean) => pick(rows.filter(test));
  const cents = amountRow((r) => Math.abs(r.amountCents) % 100 !== 0 && Math.abs(r.amountCents) < 100_000);
  add('amount', 'dollars and cents (42.50)', { text: dollarsOf(cents.amountCents) });
  const big = amountRow((r) => r.amountCents <= -100_000);
  add('amount', 'negative with thousands comma (-1,200)', {
    text: `-${withCommas(dollarsOf(big.amountCents).split('.')[0] as string)}`,
  });
  const whole = amountRow((r) => Math.abs(r.amountCents) >= 10_000);
  add('amount', 'whole dollars (1200)', { text: dollarsOf(whole.amountCents).split('.')[0] as string });
  const oneDecimal = amountRow((r) => Math.abs(r.amountCents) >= 100_000);
  add('amount', 'dollar sign, comma, one decimal ($1,200.5)', {
    text: `$${withCommas(dollarsOf(oneDecimal.amountCents).slice(0, -1))}`,
  });
  add('amount', 'amount with a word', { text: `${dollarsOf(cents.amountCents).split('.')[0]} ${pick(common)}` });

  // Text with a date range and a status, the way the screen combines them.
  add('text+date+status', 'common word, last 30 days, posted', {
    text: pick(common),
    fromMs: FIXED_MS - 30 * DAY,
    toMs: FIXED_MS,
    statuses: ['posted'],
  });
  add('text+date+status', 'middling word, last 90 days, pending or posted', {
    text: pick(middling),
    fromMs: FIXED_MS - 90 * DAY,
    toMs: FIXED_MS,
    statuses: ['pending', 'posted'],
  });
  add('text+date+status', 'prefix, one month, failed', {
    text: pick(common).slice(0, 3),
    fromMs: FIXED_MS - 120 * DAY,
    toMs: FIXED_MS - 90 * DAY,
    statuses: ['failed'],
  });
  add('text+date+status', 'word and city, last 7 days, posted', {
    text: wordInCity(),
    fromMs: FIXED_MS - 7 * DAY,
    toMs: FIXED_MS,
    statuses: ['posted'],
  });

  // Filters only: the list screen with no text, which still shows a count and totals.
  const countBy = (key: (r: BenchRow) => string | undefined) => {
    const m = new Map<string, number>();
    for (const r of rows) {
      const k = key(r);
      if (k !== undefined) m.set(k, (m.get(k) ?? 0) + 1);
    }
    return [...m].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k]) => k);
  };
  const cards = countBy((r) => r.cardId);
  const vas = countBy((r) => r.virtualAccountId);
  const groups = countBy((r) => r.cardGroupId);
  const accounts = countBy((r) => r.accountId);
  add('filter', 'status pending', { statuses: ['pending'] });
  add('filter', 'the busiest card', { cardIds: [cards[0] as string] });
  add('filter', 'a card', { cardIds: [pick(cards)] });
  add('filter', 'a virtual account', { virtualAccountIds: [pick(vas)] });
  add('filter', 'a card group, last 90 days', {
    cardGroupIds: [pick(groups)],
    fromMs: FIXED_MS - 90 * DAY,
    toMs: FIXED_MS,
  });
  add('filter', 'currency EUR', { currencies: ['EUR'] });
  add('filter', 'has a fee', { hasFee: true });
  add('filter', 'amount range -$500 to -$100', { minCents: -50_000, maxCents: -10_000 });
  add('filter', 'declined on an account, no fee', {
    detailedStatuses: ['declined'],
    accountIds: [accounts[0] as string],
    hasFee: false,
  });
  // The main account holds most rows: a filter that lets most in (no pick: the queries after it stay the same).
  add('filter', 'the main account', { accountIds: [accounts[0] as string] });

  // An id, as pasted.
  add('id', 'a transaction id', { text: pick(rows).id });
  add('id', 'a reference number', { text: pick(facts.references.length > 0 ? facts.references : [pick(rows).id]) });
  add('id', 'a card id', { text: pick(cards) });

  // Merchant cities.
  const cities = [...facts.cities].sort((a, b) => b[1] - a[1]).map(([c]) => c);
  add('city', 'the most common city', { text: (cities[0] ?? 'new york').toLowerCase() });
  const someCity = pick(cities);
  add('city', 'a city', { text: someCity.toLowerCase() });
  add('city', 'another city, capitalised as typed', { text: pick(cities.filter((c) => c !== someCity)) });

  // Nothing matches.
  add('nothing', 'an unknown word', { text: 'qqzxv' });
  add('nothing', 'a known word and an unknown one', { text: `${pick(common)} qqzxv` });
  add('nothing', 'an amount no row has', { text: '98765432.19' });
  add('nothing', 'dates after the last row', { text: pick(common), fromMs: FIXED_MS + 400 * DAY });
  return out;
}
