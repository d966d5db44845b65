import type { OutboxRow } from '../../../../shared/outbox';
import { money } from '../../model/format';
import { reviewLines } from './describe';

/**
 * The sent rows a search keeps: every word of the query must appear in the row's payee or
 * accounts, its memo, or its amount (as written, "$1,234.56", or plain, "1234.56").
 */
export function sentMatching(rows: readonly OutboxRow[], query: string): readonly OutboxRow[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((r) => {
    const text = [
      ...reviewLines(r).map(([, v]) => v),
      money(r.amountCents),
      (r.amountCents / 100).toFixed(2),
      r.labels.destination ?? '',
    ]
      .join(' ')
      .toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
