import { catchUpIndex, readRows, searchClient } from '../search/search-session';
import { csvHeader, csvRow } from '../model/csv';
import { saveInPieces, type ExportOutcome, type ExportPiece } from '../exports/commands/save-in-pieces';

const BATCH = 500;

export type { ExportOutcome };

/** The CSV of a search result, a batch of rows at a time from the cache. */
async function* csvPieces(
  profileId: string,
  queryId: number,
  count: number,
  onProgress: (done: number) => void,
): AsyncGenerator<ExportPiece> {
  // The result's rows as they are now: a note saved a moment ago is in the file, not the row before it.
  await catchUpIndex();
  yield { text: csvHeader(), rows: 0 };
  let done = 0;
  for (let offset = 0; offset < count; offset += BATCH) {
    const refs = await searchClient().page(queryId, offset, BATCH);
    if (refs === null)
      throw new Error(
        'The search changed while exporting. Export again (and wait until it finishes before searching).',
      );
    if (refs.length === 0) break;
    const rows = await readRows(profileId, refs);
    let piece = '';
    for (const tx of rows) if (tx) piece += csvRow(tx);
    done += refs.length;
    yield { text: piece, rows: refs.length };
    onProgress(done);
  }
}

/**
 * Streams a search result to a CSV file the person chooses: each batch of rows one piece written
 * by main, so a million rows never become one string.
 */
export function exportCsv(
  profileId: string,
  queryId: number,
  count: number,
  onProgress: (done: number) => void,
  signal: AbortSignal,
): Promise<ExportOutcome> {
  const stamp = new Date().toISOString().slice(0, 10);
  return saveInPieces(`transactions-${stamp}.csv`, 'csv', csvPieces(profileId, queryId, count, onProgress), signal);
}
