import type { Transaction, VirtualAccountView } from '../../../../shared/service';

/**
 * An account statement as OFX 1.0.2, the SGML form (header lines, then tags whose values end at
 * the line's end). Why 1.x and not the 2.x XML: it is what Quicken, QuickBooks (Web Connect) and
 * GnuCash all import. The tests read it back with libofx (ofxdump), the library GnuCash imports
 * with, so its limits are the file's: see the text rules below.
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
  if (!routingNumber || !accountNumber)
    return 'This account has no account and routing number in the local cache, and an OFX file needs both. Sync when online, or export CSV.';
  // Written whole or not at all: a cut number would book the statement into another account.
  if (Array.from(routingNumber).length > OFX_BANKID_MAX)
    return `This account's routing number (${routingNumber}) is longer than the ${OFX_BANKID_MAX} characters an OFX file holds, and a cut one would match another account: export CSV instead.`;
  if (Array.from(accountNumber).length > OFX_ACCTID_MAX)
    return `This account's account number (${accountNumber}) is longer than the ${OFX_ACCTID_MAX} characters an OFX file holds, and a cut one would match another account: export CSV instead.`;
  if (balanceAsOfMs === null)
    return "This account's balance has not been read from the service yet, and an OFX file states it with the time it was known. Sync when online, or export CSV.";
  return null;
}

/**
 * How long a text value may be: the OFX spec counts characters (NAME A-32, MEMO and FITID A-255,
 * BANKID A-9, ACCTID A-22), and libofx (GnuCash's reader) copies each into a fixed buffer of
 * bytes (97, 256, 256, 10 and 23, its terminator included): longer UTF-8 is cut mid-character
 * (32 emoji are 128 bytes) or, filling the buffer, left unterminated. A value keeps within both.
 */
interface TextLimit {
  chars: number;
  bytes: number;
}
const NAME_LIMIT: TextLimit = { chars: 32, bytes: 96 };
const A255: TextLimit = { chars: 255, bytes: 255 };
const OFX_BANKID_MAX = 9;
const OFX_ACCTID_MAX = 22;
const EOL = '\r\n';

/** Line breaks and controls (which would end or corrupt an SGML value) made one space; trimmed. */
function flatten(value: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach the file
  return (value ?? '').replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
}

const utf8 = new TextEncoder();

/** The longest start of `text` within the limit, cut between code points, trailing spaces dropped. */
function fit(text: string, limit: TextLimit): string {
  let out = '';
  let bytes = 0;
  for (const ch of Array.from(text).slice(0, limit.chars)) {
    bytes += utf8.encode(ch).length;
    if (bytes > limit.bytes) break;
    out += ch;
  }
  return out.trimEnd();
}

/** &, < and > as entities, after any cut: an entity must not be cut in half, and the limits count the characters a reader sees. */
function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Text safe as an SGML element value, within `limit`. */
function ofxText(value: string | undefined, limit: TextLimit): string {
  return escape(fit(flatten(value), limit));
}

/**
 * The file's declared encoding: USASCII (CHARSET 1252, what Quicken, QuickBooks and most banks
 * write) when the whole file is printable ASCII and line ends, which libofx reads without a word;
 * UTF-8 when a name or memo needs more (a café in Zürich), which libofx reads correctly but always
 * with a warning that its SGML parser cannot check UTF-8. A file declared USASCII holds only ASCII.
 */
export type OfxEncoding = 'USASCII' | 'UTF-8';

export function ofxEncodingOf(text: string): OfxEncoding {
  return /[^\u0020-\u007e\r\n]/.test(text) ? 'UTF-8' : 'USASCII';
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

/** Everything before the first transaction, declaring `encoding` (ofxEncodingOf the whole statement). */
export function ofxHead(s: OfxStatement, encoding: OfxEncoding): string {
  return [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    `ENCODING:${encoding}`,
    encoding === 'USASCII' ? 'CHARSET:1252' : 'CHARSET:NONE',
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
    `<BANKID>${escape(flatten(s.bankId))}`,
    `<ACCTID>${escape(flatten(s.accountId))}`,
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

/**
 * What a row says as NAME and MEMO, before escaping. NAME is the payee (the merchant when there is
 * one, else the description) within its limit. MEMO holds, each once and in this order: the whole
 * payee when NAME had to cut it (else the rest of it would be nowhere in the file), the description
 * when it is not the payee, the memo and the note, joined by "; " (ASCII, so a plain statement
 * stays USASCII), within MEMO's limit.
 */
export function ofxNameAndMemo(
  tx: Pick<Transaction, 'description' | 'merchantData' | 'merchantDescription' | 'memo' | 'note'>,
): { name: string; memo: string } {
  const description = flatten(tx.description);
  const payee = flatten(tx.merchantData?.description ?? tx.merchantDescription) || description;
  const name = fit(payee, NAME_LIMIT);
  const parts: string[] = [];
  for (const part of [
    name === payee ? '' : payee,
    description === payee ? '' : description,
    flatten(tx.memo),
    flatten(tx.note),
  ]) {
    if (part !== '' && !parts.includes(part)) parts.push(part);
  }
  return { name, memo: fit(parts.join('; '), A255) };
}

/** One STMTTRN. FITID is the transaction's id: unique and stable, so a re-import skips what it already has. */
export function ofxTransaction(tx: Transaction): string {
  const posted = Date.parse(tx.date);
  if (!Number.isFinite(posted))
    throw new RangeError(
      `Transaction ${tx.id} has a date that cannot be read (${tx.date}); sync again and export again.`,
    );
  const text = ofxNameAndMemo(tx);
  const name = escape(text.name);
  const memo = escape(text.memo);
  return [
    tag('STMTTRN', ''),
    tag('TRNTYPE', ofxTransactionType(tx)),
    tag('DTPOSTED', ofxDateTime(posted)),
    tag('TRNAMT', ofxAmount(tx.amountCents)),
    tag('FITID', ofxText(tx.id, A255)),
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

/**
 * The STMTTRNs of `rows` for a statement whose head declared `encoding`. A streamed export declares
 * it before writing the rows (from a first read of them); a row that changed since and no longer
 * fits the declaration is refused rather than written for a reader to misread.
 */
export function ofxTransactions(rows: readonly Transaction[], encoding: OfxEncoding): string {
  const text = rows.map(ofxTransaction).join('');
  if (encoding === 'USASCII' && ofxEncodingOf(text) !== 'USASCII')
    throw new Error(
      'A transaction changed while the export was running (its text is no longer plain ASCII, as the file had declared). Export again.',
    );
  return text;
}

/** A whole statement at once (tests, small exports). */
export function writeOfx(s: OfxStatement, rows: readonly Transaction[]): string {
  const body = rows.map(ofxTransaction).join('');
  const encoding = ofxEncodingOf(ofxHead(s, 'USASCII') + body + ofxTail(s));
  return ofxHead(s, encoding) + body + ofxTail(s);
}
