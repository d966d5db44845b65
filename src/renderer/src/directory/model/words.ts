import type { Account } from '../../../../shared/service';
import { codeWords } from '../../model/format';

/** The words a person reads for the directory's codes: account kinds and states, company structures. */

const ACCOUNT_TYPE: Record<Account['type'], string> = { debit: 'Debit', charge_card: 'Charge card' };
const ACCOUNT_STATUS: Record<Account['status'], string> = { open: 'Open', closed: 'Closed' };
const BALANCE: Record<Account['balances'][number], string> = { debit: 'Debit', cash: 'Cash', credit: 'Credit' };
const STRUCTURE: Readonly<Record<string, string>> = {
  ccorp: 'C corporation',
  scorp: 'S corporation',
  llc: 'Limited liability company',
  partnership: 'Partnership',
  sole_prop: 'Sole proprietorship',
  sole_proprietorship: 'Sole proprietorship',
  nonprofit: 'Nonprofit',
};

export const accountTypeWords = (t: Account['type']): string => ACCOUNT_TYPE[t] ?? codeWords(t);
export const accountStatusWords = (s: Account['status']): string => ACCOUNT_STATUS[s] ?? codeWords(s);
export const balancesWords = (balances: readonly Account['balances'][number][]): string =>
  balances.map((b) => BALANCE[b] ?? codeWords(b)).join(', ');
export const structureWords = (s: string | undefined): string =>
  s ? (STRUCTURE[s.toLowerCase()] ?? codeWords(s)) : 'Not given';
