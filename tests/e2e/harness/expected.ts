import type { Sandbox } from '../../../src/sandbox';
import type { TxQuery } from '../../../src/renderer/src/model/tx-query';
import { referenceSearch } from '../../../src/renderer/src/search/model/reference-search';
import { toSearchRow, type SearchRow } from '../../../src/renderer/src/search/model/search-row';
import type { Transaction } from '../../../src/shared/service';

/** Every transaction the sandbox holds now (of one account with `virtualAccountId`), newest first (what a full sync caches). */
export function allTransactions(sandbox: Sandbox, filter: { virtualAccountId?: string } = {}): Transaction[] {
  const out: Transaction[] = [];
  let cursor: string | undefined;
  do {
    const page = sandbox.world.transactions.list(filter, cursor, 1000);
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/** What the screen must show for `q`, by the brute-force oracle over the sandbox's own data. */
export function expectedSearch(sandbox: Sandbox, q: TxQuery) {
  return referenceSearch(searchRows(sandbox), q);
}

/** The sandbox's transactions as the search indexes them. */
export function searchRows(sandbox: Sandbox): SearchRow[] {
  const cards = sandbox.world.cards;
  return allTransactions(sandbox).map((tx) =>
    toSearchRow(tx, (id) => {
      const c = cards.get(id);
      return c ? { last4: c.last4, name: c.name, cardGroupId: c.cardGroupId ?? undefined } : undefined;
    }),
  );
}
