import { csvLine } from '../../../../shared/csv';
import { formatCents } from '../../../../shared/money';
import { saveInPieces, type ExportOutcome } from '../../exports/commands/save-in-pieces';
import { canonicalJson } from '../model/payload-hash';
import { STATE_LABEL, reviewLines, title } from '../model/describe';
import { readUnsent, recordUnsentExport } from '../repo/unsent-repo';

const HEADER = [
  'created_utc',
  'item',
  'kind',
  'state',
  'amount_cents',
  'amount',
  'description',
  'details',
  'send_on_utc',
  'idempotency_key',
  'last_error',
  'payload_json',
];

const utc = (ms: number | undefined) => (ms === undefined ? '' : new Date(ms).toISOString());

/**
 * The profile's unsent rows (every row still in its queue) as RFC 4180 CSV, through main's save
 * dialog: what each would send (its exact payload), its state and key. Once the file is saved
 * the rows count as exported until they change (outbox/model/unsent.ts), which lets the cache be
 * cleared or the profile removed with the file kept as their record.
 */
export async function exportUnsent(profileId: string, now = Date.now()): Promise<ExportOutcome> {
  const { rows } = await readUnsent(profileId);
  const lines = rows.map((r) =>
    csvLine([
      utc(r.createdAt),
      r.id,
      r.kind,
      STATE_LABEL[r.state],
      r.amountCents,
      formatCents(r.amountCents),
      title(r),
      reviewLines(r)
        .map(([label, value]) => `${label}: ${value}`)
        .join('; '),
      utc(r.notBefore),
      r.idempotencyKey,
      r.lastError,
      canonicalJson(r.payload),
    ]),
  );
  async function* pieces() {
    yield { text: csvLine(HEADER) + lines.join(''), rows: rows.length };
  }
  const outcome = await saveInPieces(`unsent-items-${new Date(now).toISOString().slice(0, 10)}.csv`, 'csv', pieces());
  if (outcome.kind === 'saved') await recordUnsentExport(profileId, rows, now);
  return outcome;
}
