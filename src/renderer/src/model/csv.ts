import { csvLine } from '../../../shared/csv';
import { formatCents } from '../../../shared/money';
import type { Transaction } from '../../../shared/service';

/**
 * CSV of transactions, RFC 4180: CRLF line ends, every field that holds a comma, quote or line
 * break quoted, quotes doubled. Amounts twice: integer cents (for machines) and formatted
 * dollars (for people). Every cell goes through shared/csv.ts (quoting, CSV injection).
 */

export const CSV_COLUMNS = [
  'id',
  'date',
  'description',
  'amount_cents',
  'amount',
  'status',
  'detailed_status',
  'merchant',
  'merchant_city',
  'merchant_country',
  'memo',
  'card_id',
  'virtual_account_id',
  'account_id',
  'original_currency',
  'original_amount_cents',
  'decline_reason',
  'note',
] as const;

export function csvHeader(): string {
  return `${CSV_COLUMNS.join(',')}\r\n`;
}

export function csvRow(tx: Transaction): string {
  return csvLine([
    tx.id,
    tx.date,
    tx.description,
    tx.amountCents,
    formatCents(tx.amountCents),
    tx.status,
    tx.detailedStatus,
    tx.merchantData?.description ?? tx.merchantDescription,
    tx.merchantData?.location?.city,
    tx.merchantData?.location?.country,
    tx.memo,
    tx.cardId,
    tx.virtualAccountId,
    tx.accountId,
    tx.originalCurrency?.code,
    tx.originalCurrency?.amountCents,
    tx.declineReason,
    tx.note,
  ]);
}

/** Parses RFC 4180 text into rows of fields (the export's round trip check, and CSV imports). */
export function parseCsv(input: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i] as string;
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      // CRLF as RFC 4180 writes it; a lone LF or CR as files from other tools do.
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (ch === '\r' && input[i + 1] === '\n') i++;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
