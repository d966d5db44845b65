import type { Transaction } from '../../../src/shared/service';

/**
 * Searches a person would type, taken from the data (the same rows every run: the seed's newest
 * page): a merchant's first word, a description, a city, an amount as shown, a memo word, two
 * words. Deterministic, and each one's prefixes are distinct texts.
 */
export function realisticQueries(rows: readonly Transaction[], quick: boolean): string[] {
  const words = (s: string | undefined) => (s ?? '').toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length >= 4);
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
      case 2: {
        const cents = Math.abs(tx.amountCents);
        add(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
        break;
      }
      default: {
        const w = words(tx.description);
        add(w.length >= 2 ? `${w[0]} ${w[1]}` : w[0]);
      }
    }
  }
  return quick ? picks.slice(0, 3) : picks;
}
