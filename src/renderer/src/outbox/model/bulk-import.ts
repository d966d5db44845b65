import type { DraftInput, Payloads } from '../../../../shared/outbox';
import { parseDollars } from './money-input';
import { parseCsv } from '../../model/csv';
import { dayStartMs } from '../../model/transaction-filters';
import { KINDS } from './kinds';

/** Most rows one file may bring: a queue a person can still review. */
export const MAX_IMPORT_ROWS = 5_000;

export const TRANSFER_COLUMNS = ['source', 'destination', 'amount', 'memo', 'send_on'] as const;
export const PAYMENT_COLUMNS = ['svc_handle', 'amount', 'source_handle_id'] as const;

/** The file a person fills in: the importer's own header row, so the template always matches it. */
export function importTemplate(kind: 'transfer' | 'payment'): string {
  return `${(kind === 'transfer' ? TRANSFER_COLUMNS : PAYMENT_COLUMNS).join(',')}\r\n`;
}

export interface ImportLine {
  /** 1-based line in the file (the header is line 1). */
  line: number;
  cells: string[];
  input: DraftInput | null;
  errors: string[];
}

export type ImportResult = { ok: true; lines: ImportLine[] } | { ok: false; error: string };

/** What the checks need to know: the cached accounts and handles. */
export interface ImportContext {
  /** Open virtual accounts by id, with their names. */
  accounts: Map<string, string>;
  /** Known handles (lower case, no "@") to their names. */
  handles: Map<string, string>;
}

function header(rows: string[][], expected: readonly string[]): string | null {
  const got = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const required = expected.filter((c) => !['memo', 'send_on', 'source_handle_id'].includes(c));
  const missing = required.filter((c) => !got.includes(c));
  const unknown = got.filter((c) => c && !expected.includes(c));
  if (missing.length || unknown.length) {
    return `The file's columns do not match. Expected ${expected.join(', ')} (${required.join(', ')} required)${missing.length ? `; missing: ${missing.join(', ')}` : ''}${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}.`;
  }
  return null;
}

function read(text: string, expected: readonly string[]): { rows: string[][]; index: Map<string, number> } | string {
  let rows: string[][];
  try {
    rows = parseCsv(text.replace(/^\uFEFF/, '')).filter((r) => r.some((c) => c.trim() !== ''));
  } catch (e) {
    return `The file is not valid CSV: ${e instanceof Error ? e.message : String(e)}`;
  }
  if (rows.length < 2) return 'The file has no rows under its header.';
  const problem = header(rows, expected);
  if (problem) return problem;
  if (rows.length - 1 > MAX_IMPORT_ROWS)
    return `The file has ${(rows.length - 1).toLocaleString('en-US')} rows; import at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} at a time.`;
  return { rows, index: new Map((rows[0] as string[]).map((h, i) => [h.trim().toLowerCase(), i])) };
}

/** The kind's own checks of a payload (the same a form makes); the amount is checked where it is parsed. */
function problems<K extends 'transfer' | 'payment'>(kind: K, payload: Payloads[K]): string[] {
  return KINDS[kind]
    .validate(payload)
    .filter((p) => p.field !== 'amount')
    .map((p) => p.message);
}

type RowCheck = (cell: (name: string) => string, errors: string[]) => DraftInput | null;

/** Reads the file and checks each row on its own with `check`; nothing is queued here. */
function importRows(text: string, columns: readonly string[], check: RowCheck): ImportResult {
  const r = read(text, columns);
  if (typeof r === 'string') return { ok: false, error: r };
  return {
    ok: true,
    lines: r.rows.slice(1).map((row, i) => {
      const errors: string[] = [];
      const input = check((name) => (row[r.index.get(name) ?? -1] ?? '').trim(), errors);
      return { line: i + 2, cells: row, input: errors.length === 0 ? input : null, errors };
    }),
  };
}

/** How to mend a row whose account is not one the app knows open. */
const ACCOUNT_FIX = "Use an open account's id: Accounts, the account, Technical details, Virtual account id.";

/** Transfers from CSV, each row checked on its own. */
export function importTransfers(text: string, ctx: ImportContext): ImportResult {
  return importRows(text, TRANSFER_COLUMNS, (cell, errors) => {
    const source = cell('source');
    const destination = cell('destination');
    if (!ctx.accounts.has(source))
      errors.push(
        source ? `Unknown or closed account ${source}. ${ACCOUNT_FIX}` : `The source is empty. ${ACCOUNT_FIX}`,
      );
    if (!ctx.accounts.has(destination))
      errors.push(
        destination
          ? `Unknown or closed account ${destination}. ${ACCOUNT_FIX}`
          : `The destination is empty. ${ACCOUNT_FIX}`,
      );
    const amount = parseDollars(cell('amount'));
    const memo = cell('memo');
    errors.push(
      ...problems('transfer', {
        source,
        destination,
        amountCents: amount.ok ? amount.cents : 1,
        ...(memo ? { memo } : {}),
      }),
    );
    if (!amount.ok) errors.push(amount.error);
    const sendOn = cell('send_on');
    const notBefore = sendOn ? dayStartMs(sendOn) : undefined;
    if (notBefore === null) errors.push(`"${sendOn}" is not a date such as 2026-12-01.`);
    if (!amount.ok) return null;
    return {
      kind: 'transfer',
      payload: { source, destination, amountCents: amount.cents, ...(memo ? { memo } : {}) },
      ...(notBefore ? { notBefore } : {}),
      labels: { source: ctx.accounts.get(source) ?? source, destination: ctx.accounts.get(destination) ?? destination },
    };
  });
}

/** Payments from CSV: a handle not in the cached directory is allowed (the service decides), an empty one is not. */
export function importPayments(text: string, ctx: ImportContext): ImportResult {
  return importRows(text, PAYMENT_COLUMNS, (cell, errors) => {
    const handle = cell('svc_handle').replace(/^@/, '');
    const amount = parseDollars(cell('amount'));
    errors.push(...problems('payment', { svcHandle: handle, amountCents: amount.ok ? amount.cents : 1 }));
    if (!amount.ok) errors.push(amount.error);
    const sourceId = cell('source_handle_id');
    const known = ctx.handles.get(handle.toLowerCase());
    if (!amount.ok) return null;
    return {
      kind: 'payment',
      payload: { svcHandle: handle, amountCents: amount.cents, ...(sourceId ? { sourceSvcHandleId: sourceId } : {}) },
      labels: known ? { destination: known } : {},
    };
  });
}
