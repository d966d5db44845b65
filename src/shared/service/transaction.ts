import { z } from 'zod';
import { Cents, Cursor, Id, UnixMillisParam } from './common';
import { Card } from './card';
import { Code, FreeText, NameText, ServiceId } from './text';

export { hasFee } from './fees';

export const TransactionStatus = z.enum(['pending', 'posted', 'failed']);
export type TransactionStatus = z.infer<typeof TransactionStatus>;
export const TRANSACTION_STATUSES = TransactionStatus.options;

/** `in_review` is in the reference only; the contract lists the other ten (docs/service.md, "Transactions"). */
export const DetailedStatus = z.enum([
  'pending',
  'pending_approval',
  'in_review',
  'canceled',
  'failed',
  'settled',
  'declined',
  'refund',
  'reversed',
  'returned',
  'dispute',
]);
export type DetailedStatus = z.infer<typeof DetailedStatus>;
export const DETAILED_STATUSES = DetailedStatus.options;

/** filter:detailed_status accepts every detailed status but pending_approval and in_review. */
export const DetailedStatusFilter = DetailedStatus.exclude(['pending_approval', 'in_review']);

export const AccountSubtype = z.enum(['cash', 'credit']);

export const MerchantLocation = z.object({
  city: NameText.optional(),
  state: NameText.optional(),
  country: NameText.optional(),
  zip: NameText.optional(),
});

export const MerchantData = z.object({
  description: FreeText.optional(),
  categoryCode: Code.optional(),
  location: MerchantLocation.optional(),
});

export const OriginalCurrency = z.object({
  code: Code,
  amountCents: z.number(),
  conversionRate: z.number(),
});

export const FeeInfo = z.object({
  relatedTransaction: z.object({ id: ServiceId, amount: z.number() }).optional(),
});

/**
 * What the app keeps of a transaction: the fields below and nothing else (an unknown field is
 * dropped, so whatever a service or proxy adds never reaches the cache), each string bounded
 * (text.ts). main/service/transaction-page-check.ts reads a page the same way without zod, for
 * speed; a property test holds the two to the same answers.
 */
export const Transaction = z.object({
  id: ServiceId,
  /** UTC date when posted; creation date for pending and failed items. */
  date: Code,
  description: FreeText,
  /** Negative is a debit, positive a credit. */
  amountCents: Cents,
  status: TransactionStatus,
  detailedStatus: DetailedStatus,
  accountId: ServiceId,
  accountSubtype: AccountSubtype,
  virtualAccountId: ServiceId.optional(),
  memo: FreeText.optional(),
  /** @deprecated use merchantData.description */
  merchantDescription: FreeText.optional(),
  merchantData: MerchantData.optional(),
  cardId: ServiceId.optional(),
  originalCurrency: OriginalCurrency.optional(),
  orderId: NameText.optional(),
  referenceNumber: Code.optional(),
  authorizedAt: Code.optional(),
  declineReason: FreeText.optional(),
  /** Set by PATCH /transaction/{id}/note. */
  note: FreeText.optional(),
  /** Present when this transaction is a fee the provider assessed (reference contract). */
  feeInfo: FeeInfo.optional(),
  /** Present when a foreign-exchange fee was charged for this transaction (reference contract). */
  fxFeeInfo: z.object({ amountCents: Cents }).optional(),
});
export type Transaction = z.infer<typeof Transaction>;

export const TransactionCategory = z.enum(['card', 'ach', 'wire', 'international_wire', 'rtp', 'fee', 'internal']);

const transactionFilters = {
  'filter:legalEntityId': Id.optional(),
  /** @deprecated use filter:accountId */
  accountId: Id.optional(),
  'filter:accountId': Id.optional(),
  'filter:virtualAccountId': Id.optional(),
  'filter:from_date': UnixMillisParam.optional(),
  'filter:to_date': UnixMillisParam.optional(),
  'filter:from_authorized_at': UnixMillisParam.optional(),
  'filter:to_authorized_at': UnixMillisParam.optional(),
  'filter:status': TransactionStatus.optional(),
  'filter:detailed_status': DetailedStatusFilter.optional(),
  'filter:cardId': Id.optional(),
};

export const TransactionListQuery = z.object({ cursor: Cursor.optional(), ...transactionFilters });
export type TransactionListQuery = z.infer<typeof TransactionListQuery>;

/** GET /transaction/aggregation takes the list's filters (no cursor). */
export const TransactionAggregationQuery = z.object(transactionFilters);
export type TransactionAggregationQuery = z.infer<typeof TransactionAggregationQuery>;

export const TransactionAggregation = z.object({
  count: z.number().int().nonnegative(),
  totalIn: Cents,
  totalOut: Cents,
  netChange: Cents,
});
export type TransactionAggregation = z.infer<typeof TransactionAggregation>;

/** The longest note the service takes on a transaction. */
export const NOTE_MAX_LENGTH = 2000;
export const TransactionNote = z.object({ note: z.string().max(NOTE_MAX_LENGTH) });
export type TransactionNote = z.infer<typeof TransactionNote>;
export const SuccessResult = z.object({ success: z.boolean() });

export const FeeDetail = z.object({
  id: ServiceId,
  dateCharged: Code,
  feeAmountCents: Cents,
  feeType: NameText,
  accountId: ServiceId,
  originalTransaction: Transaction.optional(),
  card: Card.optional(),
});
export type FeeDetail = z.infer<typeof FeeDetail>;
export const FeeDetails = z.object({ items: z.array(FeeDetail) });
