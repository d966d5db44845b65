import { csvCell } from '../../../../shared/csv';
import { formatCents } from '../../../../shared/money';
import { listAudit } from '../repo/outbox-repo';
import { saveInPieces, type ExportOutcome, type ExportPiece } from '../../exports/commands/save-in-pieces';

const HEADER = ['time_utc', 'item', 'kind', 'action', 'amount_cents', 'amount', 'by', 'detail'];

/** The outbox's audit log (it outlives the queue) as RFC 4180 CSV, through main's save dialog. */
export async function exportAudit(profileId: string): Promise<ExportOutcome> {
  async function* pieces(): AsyncGenerator<ExportPiece> {
    const lines = (await listAudit(profileId)).map((a) =>
      [
        new Date(a.at).toISOString(),
        a.rowId,
        a.kind,
        a.action,
        a.amountCents,
        formatCents(a.amountCents),
        a.by,
        a.detail,
      ]
        .map(csvCell)
        .join(','),
    );
    yield { text: [HEADER.join(','), ...lines].map((l) => `${l}\r\n`).join(''), rows: lines.length };
  }
  return saveInPieces(`outbox-audit-${new Date().toISOString().slice(0, 10)}.csv`, 'csv', pieces());
}
