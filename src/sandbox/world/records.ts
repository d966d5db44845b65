import type {
  Account,
  CardEvent,
  CardProduct,
  CardStatus,
  JsonObject,
  LegalEntity,
  Merchant,
  SpendingConstraint,
  SvcHandle,
  Transaction,
  Wallet,
  WalletAddress,
  Webhook,
} from '../../shared/service';

/** What the sandbox keeps. Public shapes come from src/shared/service; these add what only the server knows. */

export type LegalEntityRecord = LegalEntity & { structure: string };
export type AccountRecord = Account & { legalEntityId: string };

export interface VirtualAccountRecord {
  id: string;
  name: string;
  accountId: string;
  accountType: 'default' | 'primary';
  accountNumber: string;
  routingNumber: string;
  closedAt: string | null;
  createdAt: string;
}

export interface CommissionRuleRecord {
  id: string;
  virtualAccountId: string;
  amountCents: number;
  frequency: 'monthly' | 'yearly';
  startDate: string;
  /** How many collections have been applied so far (the next due date is derived from it). */
  applied: number;
}

export interface CardRecord {
  id: string;
  accountId: string;
  virtualAccountId?: string;
  last4: string;
  pan: string;
  cvv: string;
  name: string;
  expiryMonth: string;
  expiryYear: string;
  status: CardStatus;
  isPhysical: boolean;
  isSingleUse: boolean;
  cardGroupId?: string;
  createdAt: string;
  spendingConstraint?: SpendingConstraint;
  userData?: JsonObject;
  cardProductId?: string;
}

export interface CardGroupRecord {
  id: string;
  name: string;
  virtualAccountId?: string;
  spendingConstraint?: SpendingConstraint;
  createdAt: string;
}

export type CardProductRecord = CardProduct;

export interface MerchantRecord extends Merchant {
  url: string;
  categoryCode: string;
  city: string;
  state: string;
  country: string;
  zip: string;
}

export interface SvcHandleRecord extends SvcHandle {
  /** The virtual account money leaves or arrives in (the primary one for the key's own handle). */
  virtualAccountId?: string;
}

export type WebhookRecord = Webhook & { legalEntityId: string; archivedAt: string | null; reason?: string };
export type WalletRecord = Wallet;
export type WalletAddressRecord = WalletAddress;
export type CardEventRecord = CardEvent;
/** A fee detail as stored: the transaction and card it refers to are kept by id and expanded on read. */
export interface FeeDetailRecord {
  id: string;
  dateCharged: string;
  feeAmountCents: number;
  feeType: string;
  accountId: string;
  originalTransactionId?: string;
  cardId?: string;
}

/** A transaction as the sandbox stores it: the public object plus numbers to sort and filter by. */
export interface TransactionRecord {
  tx: Transaction;
  /** `tx.date` in unix ms. */
  dateMs: number;
  /** `tx.authorizedAt` in unix ms, when there is one. */
  authorizedAtMs?: number;
  /** Insertion order: breaks ties between equal dates so cursors are stable. */
  seq: number;
  /** What produced it: decides whether it counts as spend. */
  kind: TransactionKind;
}

export type TransactionKind = 'card' | 'ach' | 'wire' | 'fee' | 'transfer' | 'payment' | 'commission' | 'other';

/** Every transfer and payment the server processed (for tests that count duplicates). */
export interface LedgerEntry {
  kind: 'transfer' | 'payment';
  id: string;
  at: string;
  idempotencyKey?: string;
  amountCents: number;
  source: string;
  destination: string;
  path: string;
}
