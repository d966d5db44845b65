import type { Transaction, VirtualAccountView } from '../../../../shared/service';

/**
 * An account statement as OFX 1.0.2, the SGML form (header lines, then tags whose values end at
 * the line's end). Why 1.x and not the 2.x XML: it is what Quicken, QuickBooks (Web Connect) and
 * GnuCash all import, and ofx-data-extractor, which the tests read it back with, parses it
 * completely (headers, every aggregate, one or many STMTTRN) as it does 2.x, so nothing is lost by
 * taking the form every importer accepts.
 *
 * Pure and deterministic: the same statement and rows give the same bytes; the clock comes in as
 * `nowMs`. Pieces (head, one transaction, tail) so an export streams rows without building the
 * whole file as one string.
 */

export interface OfxStatement {
  /** The account's routing number (BANKID) and number (ACCTID), written whole: a cut account number would book into the wrong account. */
  bankId: string;
  accountId: string;
  /** First and last day of the statement, YYYY-MM-DD (UTC), both included. */
  from: string;
  to: string;
  /** The account's balance (LEDGERBAL), in cents, and when it was known. */
  balanceCents: number;
  balanceAsOfMs: number;
  /** When the file was made (DTSERVER). */
  nowMs: number;
}

/**
 * Why an account cannot be exported as OFX, or null: an importer matches the file to a bank
 * account by its numbers, and the statement's closing balance (LEDGERBAL, required) says when it
 * was known; `balanceAsOfMs` is when the cached balance was last read (null: never), and stamping
 * it "now" would claim a balance the service never confirmed.
 */
export function ofxProblem(view: VirtualAccountView, balanceAsOfMs: number | null): string | null {
  const { routingNumber, accountNumber } = view.virtualAccount;
  if (!routingNumber || !accountNumber) return 'This account has no account and routing number in the local cache, and an OFX file needs both. Sync when online, or export CSV.';
  if (balanceAsOfMs === null) return "This account's balance has not been read from the service yet, and an OFX file states it with the time it was known. Sync when online, or export CSV.";
  return null;
}

/** Longest NAME the OFX spec allows; MEMO is A-255. */
export const OFX_NAME_MAX = 32;
const OFX_MEMO_MAX = 255;
const EOL = '\r\n';

/** Text safe as an SGML element value: &, < and > escaped; line breaks and controls (which would end or corrupt the value) made spaces. */
export function ofxText(value: string, max: number): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach the file
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  // Cut by code points, before escaping: the limit counts characters, and an entity must not be cut in half.
  const cut = Array.from(flat).slice(0, max).join('').trimEnd();
  return cut.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Integer cents as an OFX amount: -1234 -> "-12.34", no grouping. By the digits of the integer, never through a division. */
export function ofxAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** An instant as OFX datetime in GMT: 20260105143000[0:GMT]. */
export function ofxDateTime(ms: number): string {
  if (!Number.isFinite(ms)) throw new RangeError('not a valid time');
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}[0:GMT]`;
}

function dayTime(day: string, time: string): string {
  return `${day.replace(/-/g, '')}${time}[0:GMT]`;
}

function tag(name: string, value: string): string {
  return `<${name}>${value}${EOL}`;
}

/** Everything before the first transaction. */
export function ofxHead(s: OfxStatement): string {
  return [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    // Names and memos are UTF-8 (a café in Zürich); 1.0.2 allows UTF-8 with no charset.
    'ENCODING:UTF-8',
    'CHARSET:NONE',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
    '',
    '<OFX>',
    '<SIGNONMSGSRSV1>',
    '<SONRS>',
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    `<DTSERVER>${ofxDateTime(s.nowMs)}`,
    '<LANGUAGE>ENG',
    '</SONRS>',
    '</SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1>',
    '<STMTTRNRS>',
    '<TRNUID>0',
    '<STATUS>',
    '<CODE>0',
    '<SEVERITY>INFO',
    '</STATUS>',
    '<STMTRS>',
    '<CURDEF>USD',
    '<BANKACCTFROM>',
    `<BANKID>${ofxText(s.bankId, 255)}`,
    `<ACCTID>${ofxText(s.accountId, 255)}`,
    '<ACCTTYPE>CHECKING',
    '</BANKACCTFROM>',
    '<BANKTRANLIST>',
    `<DTSTART>${dayTime(s.from, '000000')}`,
    `<DTEND>${dayTime(s.to, '235959')}`,
    '',
  ].join(EOL);
}

/** FEE for a fee the provider charged (it names what it was charged for); otherwise the sign says DEBIT or CREDIT. */
export function ofxTransactionType(tx: Pick<Transaction, 'amountCents' | 'feeInfo'>): 'FEE' | 'DEBIT' | 'CREDIT' {
  if (tx.feeInfo !== undefined) return 'FEE';
  return tx.amountCents < 0 ? 'DEBIT' : 'CREDIT';
}

/** The payee a statement shows: the merchant when there is one, else the description. */
function payee(tx: Transaction): string {
  return (tx.merchantData?.description ?? tx.merchantDescription ?? '').trim() || tx.description;
}

/** One STMTTRN. FITID is the transaction's id: unique and stable, so a re-import skips what it already has. */
export function ofxTransaction(tx: Transaction): string {
  const posted = Date.parse(tx.date);
  if (!Number.isFinite(posted)) throw new RangeError(`Transaction ${tx.id} has a date that cannot be read (${tx.date}); sync again and export again.`);
  const name = ofxText(payee(tx), OFX_NAME_MAX);
  const memoParts = [tx.description, tx.memo, tx.note].map((m) => m?.trim() ?? '').filter((m, i, all) => m !== '' && m !== payee(tx) && all.indexOf(m) === i);
  const memo = ofxText(memoParts.join(' · '), OFX_MEMO_MAX);
  return [
    tag('STMTTRN', ''),
    tag('TRNTYPE', ofxTransactionType(tx)),
    tag('DTPOSTED', ofxDateTime(posted)),
    tag('TRNAMT', ofxAmount(tx.amountCents)),
    tag('FITID', ofxText(tx.id, 255)),
    name ? tag('NAME', name) : '',
    memo ? tag('MEMO', memo) : '',
    `</STMTTRN>${EOL}`,
  ].join('');
}

/** Everything after the last transaction. */
export function ofxTail(s: OfxStatement): string {
  return [
    '</BANKTRANLIST>',
    '<LEDGERBAL>',
    `<BALAMT>${ofxAmount(s.balanceCents)}`,
    `<DTASOF>${ofxDateTime(s.balanceAsOfMs)}`,
    '</LEDGERBAL>',
    '</STMTRS>',
    '</STMTTRNRS>',
    '</BANKMSGSRSV1>',
    '</OFX>',
    '',
  ].join(EOL);
}

/** A whole statement at once (tests, small exports). */
export function writeOfx(s: OfxStatement, rows: readonly Transaction[]): string {
  return ofxHead(s) + rows.map(ofxTransaction).join('') + ofxTail(s);
}
