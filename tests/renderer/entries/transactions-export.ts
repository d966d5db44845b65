import { exportCsv } from '../../../src/renderer/src/app/export-transactions';
import { appendPage, rowsAt } from '../../../src/renderer/src/repos/transactions-repo';
import type { TxQuery } from '../../../src/renderer/src/model/tx-query';
import { searchClient } from '../../../src/renderer/src/search/search-session';
import { expose } from './expose';
import { searchLane } from './search-lane';

expose({
  ...searchLane,
  /**
   * Runs `q`, then writes a newer version of its first row with `note` (as saving a note does)
   * and exports the result at once, before the index's own catch-up (400 ms later) has run: what
   * a person does who saves a note and clicks Export CSV. Returns the row's id and the file.
   */
  async noteThenExport(profileId: string, q: TxQuery, note: string) {
    const answer = await searchClient().query(q, 1);
    const [tx] = await rowsAt(profileId, answer.rows);
    if (!tx) throw new Error('the query found no row');
    await appendPage(profileId, 'note', [{ ...tx, note }]);
    const outcome = await exportCsv(
      profileId,
      answer.queryId,
      answer.summary.count,
      () => undefined,
      new AbortController().signal,
    );
    return { id: tx.id, outcome };
  },
});
