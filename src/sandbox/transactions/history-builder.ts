import type { Transaction } from '../../shared/service';
import type { IdFactory, Rng } from '../world/ids';
import { iso } from '../world/instant';
import type {
  FeeDetailRecord,
  MerchantRecord,
  TransactionKind,
  TransactionRecord,
  VirtualAccountRecord,
} from '../world/records';
import { amountRange, rawMerchantDescription, type CardProfile } from './card-profiles';

export type Draft = Omit<TransactionRecord, 'seq'>;
type MerchantData = NonNullable<Transaction['merchantData']>;

const HOUR_MS = 3_600_000;

/** USD per unit of the merchant's currency (a fixed base; each purchase jitters it a little). */
const CURRENCIES: Record<string, [string, number]> = {
  GB: ['GBP', 1.27],
  DE: ['EUR', 1.08],
  FR: ['EUR', 1.08],
  CA: ['CAD', 0.73],
  JP: ['JPY', 0.0067],
  AU: ['AUD', 0.66],
};

export const DECLINE_REASONS = [
  'insufficient_funds',
  'spending_limit_exceeded',
  'merchant_category_not_allowed',
  'country_not_allowed',
  'transaction_size_limit_exceeded',
  'suspected_fraud',
] as const;

const CUSTOMERS = [
  'Globex Corp',
  'Initech',
  'Umbrella Supplies',
  'Stark Industries',
  'Wayne Enterprises',
  'Hooli',
  'Soylent Co',
  'Cyberdyne Systems',
];
const VENDORS = [
  'Vandelay Imports',
  'Pied Piper',
  'Landmark Properties LLC',
  'ADP Payroll',
  'Kaiser Permanente',
  'Cooley LLP',
  'Brex Logistics',
  'Acme Parts Co',
];
const RETURN_CODES = ['R01 insufficient funds', 'R02 account closed', 'R03 no account', 'R04 invalid account number'];

/** A purchase the seed may refund or charge a foreign transaction fee on later. */
export interface PurchaseRef {
  draft: Draft;
  profile: CardProfile;
  merchant: MerchantRecord;
}

export interface CardOptions {
  merchant?: MerchantRecord;
  outcome: 'settled' | 'pending' | 'declined' | 'reversed' | 'dispute';
  declineReason?: string;
  /** Forces a foreign-currency purchase (picks a foreign merchant when the card has one). */
  foreign?: boolean;
}

/**
 * Makes the individual transactions of the seeded history. Every method returns finished drafts
 * (public transaction + sort keys + kind); the caller decides dates and order.
 */
export class HistoryBuilder {
  /** Fee details keyed by the id of the fee transaction they explain. */
  readonly fees = new Map<string, FeeDetailRecord>();
  private readonly merchantData = new Map<string, MerchantData>();

  constructor(
    private readonly rng: Rng,
    private readonly ids: IdFactory,
    private readonly primary: VirtualAccountRecord,
  ) {}

  /** Log-uniform whole cents in [lo, hi]: many small amounts, a few large ones. */
  amount(lo: number, hi: number): number {
    if (hi <= lo) return Math.max(1, Math.round(lo));
    return Math.max(1, Math.round(Math.exp(Math.log(lo) + this.rng.next() * (Math.log(hi) - Math.log(lo)))));
  }

  card(profile: CardProfile, dateMs: number, opts: CardOptions): { draft: Draft; ref: PurchaseRef } {
    const rng = this.rng;
    const card = profile.card;
    let merchant = opts.merchant ?? rng.pick(profile.merchants);
    if (opts.foreign && !opts.merchant) merchant = profile.merchants.find((m) => m.country !== 'US') ?? merchant;
    const [mlo, mhi] = amountRange(merchant.categoryCode);
    const lo = Math.min(Math.max(mlo, profile.minCents), profile.maxCents);
    const hi = Math.max(Math.min(mhi, profile.maxCents), lo);
    let usd = this.amount(lo, hi);
    const md = this.merchantDataOf(merchant);
    const tx: Transaction = {
      id: this.ids.next('txn'),
      date: iso(dateMs),
      description: merchant.name,
      amountCents: 0,
      status: 'posted',
      detailedStatus: 'settled',
      accountId: card.accountId,
      accountSubtype: profile.accountSubtype,
      virtualAccountId: card.virtualAccountId ?? this.primary.id,
      merchantDescription: md.description,
      merchantData: md,
      cardId: card.id,
    };
    const currency = CURRENCIES[merchant.country];
    if (currency) {
      const rate = Math.round(currency[1] * (0.98 + rng.next() * 0.04) * 1e6) / 1e6;
      const original = Math.max(1, Math.round(usd / rate));
      usd = Math.max(1, Math.round(original * rate));
      tx.originalCurrency = { code: currency[0], amountCents: original, conversionRate: rate };
    }
    tx.amountCents = -usd;
    let authorizedAtMs = dateMs;
    switch (opts.outcome) {
      case 'pending':
        tx.status = 'pending';
        tx.detailedStatus = 'pending';
        break;
      case 'declined':
        tx.status = 'failed';
        tx.detailedStatus = 'declined';
        tx.declineReason = opts.declineReason ?? rng.pick(DECLINE_REASONS);
        break;
      case 'reversed':
        tx.status = 'failed';
        tx.detailedStatus = 'reversed';
        authorizedAtMs = dateMs - rng.int(1, 20) * HOUR_MS;
        break;
      case 'dispute':
        tx.detailedStatus = 'dispute';
        authorizedAtMs = dateMs - rng.int(1, 48) * HOUR_MS;
        break;
      case 'settled':
        authorizedAtMs = dateMs - rng.int(30, 48 * 60) * 60_000;
        break;
    }
    tx.authorizedAt = iso(authorizedAtMs);
    if (opts.outcome !== 'pending' && opts.outcome !== 'declined') {
      tx.referenceNumber = String(Math.floor(rng.next() * 1e12)).padStart(12, '0') + String(rng.int(1000, 9999));
    }
    if (rng.chance(0.25)) tx.orderId = `ORD-${rng.int(100_000, 999_999)}`;
    const draft: Draft = { tx, dateMs, authorizedAtMs, kind: 'card' };
    return { draft, ref: { draft, profile, merchant } };
  }

  /** A refund of (part of) an earlier purchase: a positive card transaction. */
  refund(of: PurchaseRef, dateMs: number): Draft {
    const original = -of.draft.tx.amountCents;
    const amount = this.rng.chance(0.6) ? original : Math.max(1, Math.round(original * (0.3 + this.rng.next() * 0.6)));
    const md = this.merchantDataOf(of.merchant);
    const authorizedAtMs = dateMs - this.rng.int(5, 360) * 60_000;
    const tx: Transaction = {
      id: this.ids.next('txn'),
      date: iso(dateMs),
      description: `Refund: ${of.merchant.name}`,
      amountCents: amount,
      status: 'posted',
      detailedStatus: 'refund',
      accountId: of.draft.tx.accountId,
      accountSubtype: of.draft.tx.accountSubtype,
      virtualAccountId: of.draft.tx.virtualAccountId,
      merchantDescription: md.description,
      merchantData: md,
      cardId: of.draft.tx.cardId,
      authorizedAt: iso(authorizedAtMs),
      referenceNumber: String(Math.floor(this.rng.next() * 1e12)).padStart(12, '0') + String(this.rng.int(1000, 9999)),
    };
    return { tx, dateMs, authorizedAtMs, kind: 'card' };
  }

  /** The 3% fee on a foreign-currency purchase, with its fee detail. */
  foreignFee(of: PurchaseRef, dateMs: number): Draft {
    const fee = Math.max(1, Math.round(-of.draft.tx.amountCents * 0.03));
    const draft = this.plain(
      'fee',
      dateMs,
      -fee,
      'Foreign transaction fee',
      of.draft.tx.virtualAccountId ?? this.primary.id,
      of.draft.tx.accountId,
    );
    draft.tx.accountSubtype = of.draft.tx.accountSubtype;
    if (of.draft.tx.cardId) draft.tx.cardId = of.draft.tx.cardId;
    // As the reference shows a fee: feeInfo on the fee, fxFeeInfo on the purchase it was charged for.
    draft.tx.feeInfo = { relatedTransaction: { id: of.draft.tx.id, amount: of.draft.tx.amountCents } };
    of.draft.tx.fxFeeInfo = { amountCents: fee };
    this.fees.set(draft.tx.id, {
      id: this.ids.next('fee'),
      dateCharged: draft.tx.date,
      feeAmountCents: fee,
      feeType: 'foreign_transaction_fee',
      accountId: of.draft.tx.accountId,
      originalTransactionId: of.draft.tx.id,
      ...(of.draft.tx.cardId ? { cardId: of.draft.tx.cardId } : {}),
    });
    return draft;
  }

  /** A fee with no transaction behind it (account maintenance). */
  accountFee(dateMs: number, va: VirtualAccountRecord): Draft {
    const fee = 1_500;
    const draft = this.plain('fee', dateMs, -fee, 'Monthly account fee', va.id, va.accountId);
    draft.tx.feeInfo = {};
    this.fees.set(draft.tx.id, {
      id: this.ids.next('fee'),
      dateCharged: draft.tx.date,
      feeAmountCents: fee,
      feeType: 'account_maintenance',
      accountId: va.accountId,
    });
    return draft;
  }

  achIn(dateMs: number, va: VirtualAccountRecord): Draft {
    const who = this.rng.pick(CUSTOMERS);
    const d = this.plain('ach', dateMs, this.amount(50_000, 5_000_000), `ACH credit from ${who}`, va.id, va.accountId);
    d.tx.memo = `Payment for invoice INV-${this.rng.int(10_000, 99_999)}`;
    return d;
  }

  achOut(
    dateMs: number,
    va: VirtualAccountRecord,
    outcome: 'settled' | 'pending' | 'pending_approval' | 'failed' | 'canceled',
  ): Draft {
    const who = this.rng.pick(VENDORS);
    const d = this.plain('ach', dateMs, -this.amount(20_000, 2_500_000), `ACH to ${who}`, va.id, va.accountId);
    d.tx.memo = `INV-${this.rng.int(10_000, 99_999)} ${who}`;
    if (outcome === 'pending') [d.tx.status, d.tx.detailedStatus] = ['pending', 'pending'];
    if (outcome === 'pending_approval') [d.tx.status, d.tx.detailedStatus] = ['pending', 'pending_approval'];
    if (outcome === 'failed') [d.tx.status, d.tx.detailedStatus] = ['failed', 'failed'];
    // Returned before it settled: one canceled transaction that moves no money (docs/service.md, "Statuses and what they do to balances").
    if (outcome === 'canceled') {
      [d.tx.status, d.tx.detailedStatus] = ['failed', 'canceled'];
      d.tx.memo += ` (returned before settlement: ${this.rng.pick(RETURN_CODES)})`;
    }
    return d;
  }

  /** The return of a settled ACH: the money comes back in a second, posted transaction. */
  achReturn(of: Draft, dateMs: number): Draft {
    const va = of.tx.virtualAccountId ?? this.primary.id;
    const d = this.plain(
      'ach',
      dateMs,
      -of.tx.amountCents,
      `ACH return: ${of.tx.description.replace(/^ACH to /, '')}`,
      va,
      of.tx.accountId,
    );
    d.tx.detailedStatus = 'returned';
    d.tx.memo = `Returned ${of.tx.id}: ${this.rng.pick(RETURN_CODES)}`;
    return d;
  }

  wireIn(dateMs: number, va: VirtualAccountRecord, inReview = false): Draft {
    const who = this.rng.pick(CUSTOMERS);
    const d = this.plain('wire', dateMs, this.amount(500_000, 40_000_000), `Wire from ${who}`, va.id, va.accountId);
    d.tx.memo = `Sender ref ${this.rng.hex(10).toUpperCase()}`;
    if (inReview) [d.tx.status, d.tx.detailedStatus] = ['pending', 'in_review'];
    return d;
  }

  /**
   * An outgoing wire and the wire fee charged for it (with its fee detail). One in five is
   * international unless `scope` says which (the coverage examples must not depend on the dice).
   */
  wireOut(dateMs: number, va: VirtualAccountRecord, scope?: 'domestic' | 'international'): [Draft, Draft] {
    const who = this.rng.pick(VENDORS);
    const wire = this.plain('wire', dateMs, -this.amount(200_000, 8_000_000), `Wire to ${who}`, va.id, va.accountId);
    wire.tx.memo = `Ref ${this.rng.hex(8).toUpperCase()} ${who}`;
    const drawn = this.rng.chance(0.2);
    const international = scope === undefined ? drawn : scope === 'international';
    const feeCents = international ? 4_500 : 2_500;
    const fee = this.plain(
      'fee',
      dateMs,
      -feeCents,
      international ? 'International wire fee' : 'Wire transfer fee',
      va.id,
      va.accountId,
    );
    fee.tx.feeInfo = { relatedTransaction: { id: wire.tx.id, amount: wire.tx.amountCents } };
    this.fees.set(fee.tx.id, {
      id: this.ids.next('fee'),
      dateCharged: fee.tx.date,
      feeAmountCents: feeCents,
      feeType: international ? 'international_wire_fee' : 'wire_fee',
      accountId: va.accountId,
      originalTransactionId: wire.tx.id,
    });
    return [wire, fee];
  }

  /** Both sides of a move between two virtual accounts. */
  transfer(
    dateMs: number,
    from: VirtualAccountRecord,
    to: VirtualAccountRecord,
    amountCents: number,
    kind: TransactionKind = 'transfer',
    label = 'Transfer',
  ): [Draft, Draft] {
    const out = this.plain(kind, dateMs, -amountCents, `${label} to ${to.name}`, from.id, from.accountId);
    const into = this.plain(kind, dateMs, amountCents, `${label} from ${from.name}`, to.id, to.accountId);
    return [out, into];
  }

  plain(
    kind: TransactionKind,
    dateMs: number,
    amountCents: number,
    description: string,
    virtualAccountId: string,
    accountId: string,
  ): Draft {
    const tx: Transaction = {
      id: this.ids.next('txn'),
      date: iso(dateMs),
      description,
      amountCents,
      status: 'posted',
      detailedStatus: 'settled',
      accountId,
      accountSubtype: 'cash',
      virtualAccountId,
    };
    return { tx, dateMs, kind };
  }

  /** Shared and frozen: a million purchases at sixty merchants need only sixty of these. */
  private merchantDataOf(m: MerchantRecord): MerchantData {
    let md = this.merchantData.get(m.id);
    if (!md) {
      const location = Object.freeze({ city: m.city, state: m.state, country: m.country, zip: m.zip });
      md = Object.freeze({ description: rawMerchantDescription(m), categoryCode: m.categoryCode, location });
      this.merchantData.set(m.id, md);
    }
    return md;
  }
}
