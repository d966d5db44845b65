import type { ExportKind } from '../../../../shared/ipc';
import { files } from '../../platform/files';
import type { ExportOutcome } from '../../model/export-outcome';

export type { ExportOutcome };

/** A piece of the file and how many rows (transactions, audit lines) it carries. */
export interface ExportPiece {
  text: string;
  rows: number;
}

/**
 * Saves pieces as one file through main: main asks where (or, with no dialog, uses the export
 * folder), writes to a `.partial` and renames at the end, so a failure or a cancel leaves nothing
 * under the chosen name. Pieces are produced lazily, one at a time, so the rows are never held as
 * one string. Every export of the app (transactions, an account's statement, the outbox's audit log) saves through here.
 */
export async function saveInPieces(
  suggestedName: string,
  kind: ExportKind,
  pieces: AsyncIterable<ExportPiece>,
  signal?: AbortSignal,
): Promise<ExportOutcome> {
  const begun = await files.begin(suggestedName, kind);
  if (!begun.ok) return { kind: 'failed', message: begun.error.message };
  const exportId = begun.value.exportId;
  if (!exportId) return { kind: 'canceled' };
  try {
    let rows = 0;
    for await (const piece of pieces) {
      if (signal?.aborted) {
        await files.abort(exportId);
        return { kind: 'canceled' };
      }
      rows += piece.rows;
      if (piece.text === '') continue;
      const w = await files.write(exportId, piece.text);
      if (!w.ok) throw new Error(w.error.message);
    }
    const end = await files.end(exportId);
    if (!end.ok) throw new Error(end.error.message);
    return { kind: 'saved', path: end.value.path, rows, bytes: end.value.bytes };
  } catch (error) {
    await files.abort(exportId);
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
