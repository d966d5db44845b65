import { saveInPieces, type ExportOutcome, type ExportPiece } from '../../exports/commands/save-in-pieces';
import type { VirtualAccountView, Transaction } from '../../../../shared/service';
import { csvHeader, csvRow } from '../../model/csv';
import { catchUpIndex, openSearch, readRows, searchClient } from '../../search/search-session';
import type { TxQuery } from '../../model/tx-query';
import { EXPORTED_DETAILED_STATUSES, EXPORTED_STATUSES, movesMoney } from '../model/export-rows';
import { exportFileName, rangeBoundsMs, type ExportRange } from '../model/export-range';
import {
  ofxEncodingOf,
  ofxHead,
  ofxProblem,
  ofxTail,
  ofxTransaction,
  ofxTransactions,
  type OfxEncoding,
  type OfxStatement,
} from '../model/ofx';

export type AccountExportFormat = 'ofx' | 'csv';

export interface AccountExportRequest {
  profileId: string;
  view: VirtualAccountView;
  range: ExportRange;
  format: AccountExportFormat;
  /** When the export runs (the OFX file's DTSERVER). */
  nowMs: number;
  /** When the cached balance was last read from the service (the OFX LEDGERBAL's DTASOF); null: never, and OFX is refused. */
  balanceAsOfMs: number | null;
  signal?: AbortSignal;
}

const BATCH = 500;

/**
 * The account's transactions in the range, oldest first, read from the local search index a batch
 * at a time (every matching row, not a first page). The index answers newest first, so batches
 * are read from the end backwards and each is reversed.
 */
async function* rowsOldestFirst(profileId: string, query: TxQuery): AsyncGenerator<Transaction[]> {
  await openSearch(profileId);
  const client = searchClient();
  // Rows a sync wrote a moment ago belong in the file: the index absorbs them first.
  await catchUpIndex();
  const first = await client.query(query, 1);
  for (let end = first.summary.count; end > 0; end -= BATCH) {
    const start = Math.max(0, end - BATCH);
    const refs = await client.page(first.queryId, start, end - start);
    if (refs === null) throw new Error('The local search was busy with other searches while exporting. Export again.');
    const rows = (await readRows(profileId, refs)).filter(
      (tx): tx is Transaction => tx !== undefined && movesMoney(tx),
    );
    yield rows.reverse();
  }
}

/**
 * The encoding an OFX statement declares, found by reading its rows once before writing: the
 * head, written first, says it. Stops at the first row that needs UTF-8, or when the export is
 * stopped.
 */
async function ofxEncodingFor(
  statement: OfxStatement,
  rows: AsyncIterable<Transaction[]>,
  signal?: AbortSignal,
): Promise<OfxEncoding> {
  if (ofxEncodingOf(ofxHead(statement, 'USASCII') + ofxTail(statement)) === 'UTF-8') return 'UTF-8';
  for await (const batch of rows) {
    if (signal?.aborted || ofxEncodingOf(batch.map(ofxTransaction).join('')) === 'UTF-8') return 'UTF-8';
  }
  return 'USASCII';
}

/** The file's pieces: CSV without `statement`, OFX with it. */
async function* pieces(
  req: AccountExportRequest,
  query: TxQuery,
  statement: OfxStatement | null,
): AsyncGenerator<ExportPiece> {
  if (!statement) {
    yield { text: csvHeader(), rows: 0 };
    for await (const rows of rowsOldestFirst(req.profileId, query))
      yield { text: rows.map(csvRow).join(''), rows: rows.length };
    return;
  }
  const encoding = await ofxEncodingFor(statement, rowsOldestFirst(req.profileId, query), req.signal);
  yield { text: ofxHead(statement, encoding), rows: 0 };
  for await (const rows of rowsOldestFirst(req.profileId, query))
    yield { text: ofxTransactions(rows, encoding), rows: rows.length };
  yield { text: ofxTail(statement), rows: 0 };
}

/**
 * Exports one account's transactions for a range as OFX or CSV, from the local cache only: it
 * works offline and sends nothing to the service. The same rows in both formats (export-rows.ts).
 */
export async function exportAccount(req: AccountExportRequest): Promise<ExportOutcome> {
  const bounds = rangeBoundsMs(req.range);
  if (!bounds) return { kind: 'failed', message: 'The date range is not valid: fix the dates, then export again.' };
  let statement: OfxStatement | null = null;
  if (req.format === 'ofx') {
    const problem = ofxProblem(req.view, req.balanceAsOfMs);
    if (problem || req.balanceAsOfMs === null)
      return { kind: 'failed', message: problem ?? 'The balance was never read from the service.' };
    const { virtualAccount, balance } = req.view;
    statement = {
      bankId: virtualAccount.routingNumber ?? '',
      accountId: virtualAccount.accountNumber ?? '',
      from: req.range.from,
      to: req.range.to,
      balanceCents: balance.amountCents,
      balanceAsOfMs: req.balanceAsOfMs,
      nowMs: req.nowMs,
    };
  }
  const query: TxQuery = {
    virtualAccountIds: [req.view.virtualAccount.id],
    ...bounds,
    statuses: [...EXPORTED_STATUSES],
    detailedStatuses: [...EXPORTED_DETAILED_STATUSES],
  };
  return saveInPieces(
    exportFileName(req.view.virtualAccount.name, req.range, req.format),
    req.format,
    pieces(req, query, statement),
    req.signal,
  );
}
