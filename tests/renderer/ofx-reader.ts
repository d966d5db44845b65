import { Ofx } from 'ofx-data-extractor';
import { parseCents } from '../../src/shared/money';

/**
 * Reads an OFX statement back with an independent parser (ofx-data-extractor), for the writer's
 * tests and the export's end-to-end test: amounts as integer cents, entities decoded.
 */

export interface ReadStatement {
  valid: boolean;
  currency: string;
  bankId: string;
  accountId: string;
  accountType: string;
  start: string;
  end: string;
  balanceCents: number | null;
  balanceAsOf: string;
  rows: { type: string; date: string; cents: number | null; fitId: string; name?: string; memo?: string }[];
}

const unescape = (s: string | undefined) => s?.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

interface Txn {
  TRNTYPE: string;
  DTPOSTED: string;
  TRNAMT: string;
  FITID: string;
  NAME?: string;
  MEMO?: string;
}

export function readOfx(text: string): ReadStatement {
  const ofx = new Ofx(text);
  const json = ofx.toJson() as { OFX: { BANKMSGSRSV1: { STMTTRNRS: { STMTRS: Record<string, Record<string, string>> } } } };
  const st = json.OFX.BANKMSGSRSV1.STMTTRNRS.STMTRS;
  const list = (ofx.getBankTransferList() ?? []) as unknown as Txn[];
  return {
    valid: ofx.validate().isValid,
    currency: st.CURDEF as unknown as string,
    bankId: st.BANKACCTFROM?.BANKID ?? '',
    accountId: unescape(st.BANKACCTFROM?.ACCTID) ?? '',
    accountType: st.BANKACCTFROM?.ACCTTYPE ?? '',
    start: st.BANKTRANLIST?.DTSTART ?? '',
    end: st.BANKTRANLIST?.DTEND ?? '',
    balanceCents: parseCents(st.LEDGERBAL?.BALAMT ?? ''),
    balanceAsOf: st.LEDGERBAL?.DTASOF ?? '',
    rows: list.map((t) => ({ type: t.TRNTYPE, date: t.DTPOSTED, cents: parseCents(String(t.TRNAMT)), fitId: unescape(t.FITID) ?? '', name: unescape(t.NAME), memo: unescape(t.MEMO) })),
  };
}
