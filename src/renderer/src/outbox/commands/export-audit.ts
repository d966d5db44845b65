import { csvCell } from '../../../../shared/csv';
import { formatCents } from '../../../../shared/money';
import { files } from '../../platform/files';
import { listAudit } from '../repo/outbox-repo';
import type { ExportOutcome } from '../../app/export-transactions';

const HEADER = ['time_utc', 'item', 'kind', 'action', 'amount_cents', 'amount', 'by', 'detail'];

/** The outbox's audit log (it outlives the queue) as RFC 4180 CSV, through main's save dialog. */
export async function exportAudit(profileId: string): Promise<ExportOutcome> {
  const begun = await files.begin(`outbox-audit-${new Date().toISOString().slice(0, 10)}.csv`);
  if (!begun.ok) return { kind: 'failed', message: begun.error.message };
  const exportId = begun.value.exportId;
  if (!exportId) return { kind: 'canceled' };
  try {
    const lines = (await listAudit(profileId)).map((a) =>
      [new Date(a.at).toISOString(), a.rowId, a.kind, a.action, a.amountCents, formatCents(a.amountCents), a.by, a.detail].map(csvCell).join(','),
    );
    const w = await files.write(exportId, [HEADER.join(','), ...lines].map((l) => `${l}\r\n`).join(''));
    if (!w.ok) throw new Error(w.error.message);
    const end = await files.end(exportId);
    if (!end.ok) throw new Error(end.error.message);
    return { kind: 'saved', path: end.value.path, rows: lines.length, bytes: end.value.bytes };
  } catch (error) {
    await files.abort(exportId);
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}
