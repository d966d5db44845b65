import type { Clock } from './clock';
import type { IdFactory, Rng } from './ids';
import type {
  AccountRecord,
  CardEventRecord,
  CardGroupRecord,
  CardProductRecord,
  CardRecord,
  CommissionRuleRecord,
  FeeDetailRecord,
  LedgerEntry,
  LegalEntityRecord,
  MerchantRecord,
  SvcHandleRecord,
  VirtualAccountRecord,
  WalletAddressRecord,
  WalletRecord,
  WebhookRecord,
} from './records';
import type { TransactionStore } from './transaction-store';

/** A remembered idempotent write: the body it was made with, the result it gave, and when. */
export interface IdempotencyRecord {
  bodyHash: string;
  result: { transferId: string };
  /** Simulated time of the write: the key is forgotten `idempotencyTtlMs` later. */
  createdAtMs: number;
}

/** What the admin route may change while the sandbox runs. */
export interface WorldSettings {
  /**
   * How long an `X-Idempotency-Key` is remembered, on the simulated clock. Real services forget
   * keys (Stripe after 24 h); afterwards a resend is a new transfer, which is what clients'
   * outboxes must be tested against.
   */
  idempotencyTtlMs: number;
}

/**
 * The whole simulated service: every entity, the clock and the randomness. Route handlers and
 * simulations read and change it; nothing else holds state.
 */
export interface World {
  readonly clock: Clock;
  readonly rng: Rng;
  readonly ids: IdFactory;
  readonly pageSize: number;
  readonly settings: WorldSettings;

  readonly legalEntity: LegalEntityRecord;
  readonly accounts: Map<string, AccountRecord>;
  readonly virtualAccounts: Map<string, VirtualAccountRecord>;
  /** The virtual account of the primary account (accountType `primary`). */
  readonly primaryVirtualAccountId: string;
  /** Keyed by virtual account id: at most one rule per account. */
  readonly commissionRules: Map<string, CommissionRuleRecord>;
  readonly cards: Map<string, CardRecord>;
  readonly cardGroups: Map<string, CardGroupRecord>;
  readonly cardProducts: Map<string, CardProductRecord>;
  readonly merchants: Map<string, MerchantRecord>;
  readonly svcHandles: Map<string, SvcHandleRecord>;
  /** The key's own handle: the default source of POST /pay. */
  readonly ownSvcHandleId: string;
  readonly webhooks: Map<string, WebhookRecord>;
  readonly wallets: Map<string, WalletRecord>;
  readonly walletAddresses: Map<string, WalletAddressRecord[]>;
  /** Keyed by card id, oldest first. */
  readonly cardEvents: Map<string, CardEventRecord[]>;
  /** Keyed by the fee transaction's id. */
  readonly feeDetails: Map<string, FeeDetailRecord[]>;
  readonly transactions: TransactionStore;
  readonly ledger: LedgerEntry[];
  /** Keyed by `X-Idempotency-Key`. */
  readonly idempotency: Map<string, IdempotencyRecord>;
}
