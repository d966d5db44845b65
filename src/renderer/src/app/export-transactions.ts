import { files } from '../platform/files';
import { readRows, searchClient } from '../search/search-session';
import { csvHeader, csvRow } from '../model/csv';

const BATCH = 500;

export type ExportOutcome = { kind: 'saved'; path: string; rows: number; bytes: number } | { kind: 'canceled' } | { kind: 'failed'; message: string };

/**
 * Streams a search result to a CSV file the person chooses: a batch of rows at a time from the
 * cache, each batch one piece written by main, so a million rows never become one string.
 */
export async function exportCsv(profileId: string, queryId: number, count: number, onProgress: (done: number) => void, signal: AbortSignal): Promise<ExportOutcome> {
  const stamp = new Date().toISOString().slice(0, 10);
  const begun = await files.begin(`transactions-${stamp}.csv`);
  if (!begun.ok) return { kind: 'failed', message: begun.error.message };
  const exportId = begun.value.exportId;
  if (!exportId) return { kind: 'canceled' };
  try {
    let piece = csvHeader();
    let done = 0;
    for (let offset = 0; offset < count; offset += BATCH) {
      if (signal.aborted) {
        await files.abort(exportId);
        return { kind: 'canceled' };
      }
      const refs = await searchClient().page(queryId, offset, BATCH);
      if (refs === null) throw new Error('The search changed while exporting. Export again (and wait until it finishes before searching).');
      if (refs.length === 0) break;
      const rows = await readRows(profileId, refs);
      for (const tx of rows) if (tx) piece += csvRow(tx);
      done += refs.length;
      const w = await files.write(exportId, piece);
      if (!w.ok) throw new Error(w.error.message);
      piece = '';
      onProgress(done);
    }
    if (piece) {
      const w = await files.write(exportId, piece);
      if (!w.ok) throw new Error(w.error.message);
    }
    const end = await files.end(exportId);
    if (!end.ok) throw new Error(end.error.message);
    return { kind: 'saved', path: end.value.path, rows: done, bytes: end.value.bytes };
  } catch (error) {
    await files.abort(exportId);
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
