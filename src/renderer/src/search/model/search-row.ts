import type { DetailedStatus, Transaction, TransactionStatus } from '../../../../shared/service';
import { feeChargedFor, hasFee } from '../../../../shared/service/fees';
import { wordsOf } from '../../model/query-text';

/** What a search engine needs of the cards (their last four digits, name and group). */
export interface CardFacts {
  last4: string;
  name: string;
  cardGroupId?: string | undefined;
}

export type CardLookup = (cardId: string) => CardFacts | undefined;

/** A transaction as every search engine indexes it: the filterable values and the row's words. */
export interface SearchRow {
  id: string;
  dateMs: number;
  amountCents: number;
  status: TransactionStatus;
  detailedStatus: DetailedStatus;
  accountId: string;
  cardId: string | undefined;
  cardGroupId: string | undefined;
  virtualAccountId: string | undefined;
  /** Upper case; USD when the transaction was in dollars. */
  currency: string;
  /** The row carries a fee itself (a fee, or a purchase charged an FX fee); see also feeFor. */
  hasFee: boolean;
  /** For a fee: the id of the transaction it was charged for (an outgoing wire's fee names the wire). */
  feeFor?: string | undefined;
  /** The merchant's name (its description; the deprecated field when that is all there is); none for transfers and fees. */
  merchant?: string | undefined;
  /** Distinct words of the row's text (text.ts). */
  words: string[];
  /**
   * The row's text, when its words are left to the index to read (a rebuild: no string for each
   * word); `words` is then empty.
   */
  text?: string;
}

/**
 * The text a transaction is found by: description, merchant description (and the deprecated
 * merchantDescription), memo, merchant city, state, country and zip, the card's last four and
 * name, and the ids it carries.
 */
export function searchTextOf(tx: Transaction, card: CardFacts | undefined): string[] {
  const location = tx.merchantData?.location;
  const fields = [
    tx.description,
    tx.merchantData?.description,
    tx.merchantDescription,
    tx.memo,
    location?.city,
    location?.state,
    location?.country,
    location?.zip,
    card?.last4,
    card?.name,
    tx.id,
    tx.cardId,
    tx.accountId,
    tx.virtualAccountId,
    tx.orderId,
    tx.referenceNumber,
  ];
  return fields.filter((f): f is string => typeof f === 'string' && f.length > 0);
}

export function toSearchRow(tx: Transaction, cards: CardLookup, leaveWordsInText = false): SearchRow {
  const card = tx.cardId ? cards(tx.cardId) : undefined;
  // One pass over the fields joined by a space (a word break, and a starter normalization never
  // moves a mark across): the same words as field by field, at a tenth of the calls.
  const text = searchTextOf(tx, card).join(' ');
  const words = leaveWordsInText ? [] : distinct(wordsOf(text));
  const dateMs = Date.parse(tx.date);
  return {
    id: tx.id,
    dateMs: Number.isFinite(dateMs) ? dateMs : 0,
    amountCents: tx.amountCents,
    status: tx.status,
    detailedStatus: tx.detailedStatus,
    accountId: tx.accountId,
    cardId: tx.cardId,
    cardGroupId: card?.cardGroupId,
    virtualAccountId: tx.virtualAccountId,
    currency: (tx.originalCurrency?.code ?? 'USD').toUpperCase(),
    hasFee: hasFee(tx),
    feeFor: feeChargedFor(tx),
    merchant: merchantOf(tx),
    words,
    ...(leaveWordsInText ? { text } : {}),
  };
}

/**
 * The words once each, in first-seen order. A row has ~20: a scan of those found so far is about
 * twice as fast as a Set (a rebuild does this a million times); a long text still gets the Set.
 */
function distinct(words: string[]): string[] {
  if (words.length > 64) return [...new Set(words)];
  const out: string[] = [];
  for (const w of words) if (!out.includes(w)) out.push(w);
  return out;
}

/** The name the charts and the merchant filter group by. */
export function merchantOf(tx: Transaction): string | undefined {
  const name = (tx.merchantData?.description ?? tx.merchantDescription)?.trim();
  return name ? name : undefined;
}
