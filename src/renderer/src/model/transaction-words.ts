import type { DetailedStatus, Transaction, TransactionStatus } from '../../../shared/service';
import { describeMcc } from '../../../shared/spending/merchant-categories';
import { codeWords } from './format';

/** The words a person reads for a transaction's states and codes: one place, every screen. */

const STATUS: Record<TransactionStatus, string> = {
  pending: 'Pending',
  posted: 'Posted',
  failed: 'Failed',
};

const DETAILED: Record<DetailedStatus, string> = {
  pending: 'Pending',
  pending_approval: 'Pending approval',
  in_review: 'In review',
  canceled: 'Canceled',
  failed: 'Failed',
  settled: 'Settled',
  declined: 'Declined',
  refund: 'Refunded',
  reversed: 'Reversed',
  returned: 'Returned',
  dispute: 'Disputed',
};

/** What each state does to the balances (docs/service.md, "Statuses and what they do to balances"), said beside the state in a detail. */
const MEANING: Record<DetailedStatus, string> = {
  pending: 'counted in the available balance, not posted yet',
  pending_approval: 'waiting for approval; no balance moves yet',
  in_review: 'held for review; no balance moves yet',
  canceled: 'canceled; no money moved',
  failed: 'did not post; no money moved',
  settled: 'posted',
  declined: 'the card was declined; no money moved',
  refund: 'refunded to the card; both balances went up',
  reversed: 'reversed by the merchant; the hold was released',
  returned: 'returned; the money came back',
  dispute: 'disputed',
};

export function statusWords(status: TransactionStatus): string {
  return STATUS[status] ?? codeWords(status);
}

export function detailedStatusWords(status: DetailedStatus): string {
  return DETAILED[status] ?? codeWords(status);
}

/** "Pending: counted in the available balance, not posted yet". */
export function statusMeaning(status: DetailedStatus): string {
  const meaning = MEANING[status];
  return meaning ? `${detailedStatusWords(status)}: ${meaning}` : detailedStatusWords(status);
}

const DECLINES: Readonly<Record<string, string>> = {
  card_closed: 'the card is closed',
  card_paused: 'the card is paused',
  card_inactive: 'the card is inactive',
  card_not_active: 'the card is not active',
  account_closed: 'the account is closed',
  spending_limit_exceeded: 'over a spending limit',
  transaction_size_limit_exceeded: 'outside the card’s purchase size limits',
  merchant_not_allowed: 'the merchant is not allowed',
  merchant_category_not_allowed: 'the merchant’s category is not allowed',
  merchant_category_code_not_allowed: 'the merchant’s category code is not allowed',
  country_not_allowed: 'the country is not allowed',
  insufficient_funds: 'not enough money in the account',
};

/** Why a card was declined, as a clause ("the card is closed"). */
export function declineWords(reason: string): string {
  return DECLINES[reason] ?? codeWords(reason).toLowerCase();
}

const FEES: Readonly<Record<string, string>> = {
  card_transaction_fee: 'Card transaction fee',
  wire_fee: 'Wire fee',
  international_wire_fee: 'International wire fee',
  foreign_transaction_fee: 'Foreign transaction fee',
  account_maintenance: 'Account maintenance fee',
};

export function feeTypeWords(feeType: string): string {
  return FEES[feeType] ?? codeWords(feeType);
}

/** "Computer programming and data processing (MCC 7372)": the category first, the code for reference. */
export function categoryCodeWords(mcc: string): string {
  return `${describeMcc(mcc)} (MCC ${mcc})`;
}

export function accountSubtypeWords(subtype: Transaction['accountSubtype']): string {
  return subtype === 'credit' ? 'Credit' : 'Cash';
}
