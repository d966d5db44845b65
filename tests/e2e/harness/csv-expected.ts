import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Transaction } from '../../../src/shared/service';

/**
 * A transactions CSV export (the Transactions screen's, an account's) read with csv-parse, a
 * reader that is not the app's, and what each row must say, by docs/features/transactions.md's description written
 * here apart from the writer (model/csv.ts): RFC 4180; the amount twice, as integer cents and as
 * dollars with two decimals and thousands commas; an absent field empty; and the formula rule: a
 * text cell starting with =, +, -, @, a tab or a carriage return is read with a leading single
 * quote, unless it is a plain number.
 */

export const EXPECTED_COLUMNS = [
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
];

/** The file's header and rows, as csv-parse reads it (strict: a stray quote or a short row throws). */
export async function readCsv(path: string): Promise<{ header: string[]; rows: string[][] }> {
  const [header = [], ...rows] = parse(await readFile(path, 'utf8'), {
    relax_quotes: false,
    relax_column_count: false,
  }) as string[][];
  return { header, rows };
}

const dollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function text(value: string | undefined): string {
  const s = value ?? '';
  return /^[=+\-@\t\r]/.test(s) && !/^-?[\d,]+(\.\d+)?$/.test(s) ? `'${s}` : s;
}

const number = (value: number | undefined): string => (value === undefined ? '' : String(value));

/** One transaction's row, column by column in EXPECTED_COLUMNS' order. */
export function expectedCsvRow(t: Transaction): string[] {
  return [
    text(t.id),
    text(t.date),
    text(t.description),
    number(t.amountCents),
    text(dollars.format(t.amountCents / 100)),
    text(t.status),
    text(t.detailedStatus),
    text(t.merchantData?.description ?? t.merchantDescription),
    text(t.merchantData?.location?.city),
    text(t.merchantData?.location?.country),
    text(t.memo),
    text(t.cardId),
    text(t.virtualAccountId),
    text(t.accountId),
    text(t.originalCurrency?.code),
    number(t.originalCurrency?.amountCents),
    text(t.declineReason),
    text(t.note),
  ];
}
