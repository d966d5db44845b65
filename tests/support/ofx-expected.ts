import type { Transaction } from '../../src/shared/service';
import { libofxInstant, type OfxdumpTransaction } from './ofxdump';

/**
 * What libofx must read for one transaction of an account's OFX statement, by the rules of
 * docs/features/cash-position.md,
 * written here apart from the writer (accounts/model/ofx.ts):
 * - TRNTYPE: FEE for a fee the provider charged (it carries feeInfo), else DEBIT for money out and
 *   CREDIT for money in; TRNAMT: the amount; FITID: the id; DTPOSTED: the date, to the second;
 * - text: control characters and line breaks as one space, trimmed;
 * - NAME: the payee (the merchant's description, else the transaction's description), cut to
 *   32 characters (OFX's A-32) and 96 bytes of UTF-8 (libofx's buffer), trailing spaces dropped;
 * - MEMO: the whole payee when NAME had to cut it, the description when it is not the payee, the
 *   memo and the note, each once, joined by "; ", cut to 255 characters and 255 bytes.
 */

// eslint-disable-next-line no-control-regex -- control characters are what the rule turns into spaces
export const flat = (s: string | undefined): string => (s ?? '').replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();

export const utf8Bytes = (s: string): number => new TextEncoder().encode(s).length;

/** The longest start of `text` within `chars` code points and `bytes` bytes of UTF-8, trailing spaces dropped. */
export function fitTo(text: string, chars: number, bytes: number): string {
  let out = '';
  for (const ch of Array.from(text).slice(0, chars)) {
    if (utf8Bytes(out + ch) > bytes) break;
    out += ch;
  }
  return out.trimEnd();
}

export type PayeeFields = Pick<Transaction, 'description' | 'merchantData' | 'merchantDescription' | 'memo' | 'note'>;

/** The payee, and NAME and MEMO as a reader sees them (undefined: the file leaves the tag out). */
export function expectedText(t: PayeeFields): { payee: string; name: string | undefined; memo: string | undefined } {
  const description = flat(t.description);
  const payee = flat(t.merchantData?.description ?? t.merchantDescription) || description;
  const name = fitTo(payee, 32, 96);
  const parts: string[] = [];
  for (const part of [
    name !== payee ? payee : '',
    description !== payee ? description : '',
    flat(t.memo),
    flat(t.note),
  ])
    if (part && !parts.includes(part)) parts.push(part);
  const memo = fitTo(parts.join('; '), 255, 255);
  return { payee, name: name || undefined, memo: memo || undefined };
}

/** The row as the ofxdump reader returns it. */
export function expectedOfxRow(t: Transaction): OfxdumpTransaction {
  const { name, memo } = expectedText(t);
  return {
    type: t.feeInfo !== undefined ? 'FEE' : t.amountCents < 0 ? 'DEBIT' : 'CREDIT',
    postedMs: libofxInstant(Date.parse(t.date)),
    cents: t.amountCents,
    fitId: t.id,
    ...(name !== undefined ? { name } : {}),
    ...(memo !== undefined ? { memo } : {}),
  };
}
