import type { Transaction } from '../../../src/shared/service';
import type { ReferenceSearch } from '../shared/reference-search';

/**
 * Searches a person would type, taken from the data (the same rows every run: the seed's newest
 * page): a merchant's first word, a description, a city, an amount as shown, a memo word, two
 * words. Deterministic, and each one's prefixes are distinct texts.
 */
export function realisticQueries(rows: readonly Transaction[], quick: boolean): string[] {
  const words = (s: string | undefined) =>
    (s ?? '')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 4);
  const picks: string[] = [];
  const add = (q: string | undefined) => {
    const t = q?.trim().toLowerCase();
    if (t && t.length >= 3 && !picks.includes(t)) picks.push(t.slice(0, 14));
  };
  for (const tx of rows) {
    if (picks.length >= 8) break;
    switch (picks.length % 4) {
      case 0:
        add(words(tx.description)[0]);
        break;
      case 1:
        add(tx.merchantData?.location?.city ?? undefined);
        break;
      case 2:
        add(dollars(tx.amountCents));
        break;
      default: {
        const w = words(tx.description);
        add(w.length >= 2 ? `${w[0]} ${w[1]}` : w[0]);
      }
    }
  }
  return quick ? picks.slice(0, 3) : picks;
}

const dollars = (cents: number) =>
  `${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** Where old rows begin: the older half of the history (at 100k, 50,000 rows past the newest 400 the list and its cache start with). */
export const oldFromRank = (rows: number) => Math.floor(rows / 2);

/**
 * Searches whose whole text finds only old rows, so the first rows painted are read from chunks
 * far from the newest (none of them in the cache of recently read chunks): an amount as shown on
 * an old statement line, and an old card purchase's reference number (or an old row's id), taken
 * from the oldest tenth of the history, checked with the reference to have no match in the newer
 * half. Deterministic.
 */
export function oldRowQueries(
  transactions: readonly Transaction[],
  reference: ReferenceSearch,
  wanted: number,
): string[] {
  const from = oldFromRank(reference.size);
  const oldest = transactions
    .map((tx) => ({ tx, rank: reference.rank(tx.id) ?? -1 }))
    .filter((r) => r.rank >= reference.size - Math.max(1, Math.floor(reference.size / 10)))
    .sort((a, b) => b.rank - a.rank)
    .map((r) => r.tx);
  const onlyOld = (text: string) => {
    const a = reference.answer(text, 1);
    return a.count > 0 && (reference.rank(a.firstIds[0] as string) ?? -1) >= from;
  };
  const picks: string[] = [];
  const amount = oldest
    .filter((tx) => Math.abs(tx.amountCents) >= 10_000)
    .slice(0, 200)
    .map((tx) => dollars(tx.amountCents))
    .find(onlyOld);
  if (amount) picks.push(amount);
  const id = oldest
    .map((tx) => tx.referenceNumber ?? tx.id)
    .slice(0, 50)
    .find(onlyOld);
  if (id) picks.push(id.toLowerCase());
  return picks.slice(0, wanted);
}
