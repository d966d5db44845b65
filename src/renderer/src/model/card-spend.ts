import type { DetailedStatus } from '../../../shared/service';
import { monthNameOf } from './format';

/**
 * Card spend: the one definition every screen uses (the Dashboard's card spend and its cash
 * table, an account's detail, the Transactions charts and their top merchants).
 *
 * A transaction is card spend when it was made with a card (it names one), takes money out (a
 * negative amount; a fee charged to a card counts, as the card's statement shows it) and went
 * through: its detailed status is pending, settled or dispute (a disputed purchase's money stays
 * out until a credit comes back, as the card limits read it). Declines, reversals, refunds and
 * failures do not count, nor does money that leaves without a card (transfers, payments, ACH,
 * wires, payroll). The amount counted is the transaction's own, in cents.
 *
 * Periods are calendar months in UTC (the service dates transactions in UTC, and a month in UTC
 * holds the same transactions in every time zone), said in the label: "Card spend · November 2026".
 *
 * The service's own `spend` of a virtual account is another figure: all time, cards and payments,
 * pending and settled only. Screens that show it say so.
 */
export const CARD_SPEND_STATUSES: readonly DetailedStatus[] = ['pending', 'settled', 'dispute'];

const WENT_THROUGH: ReadonlySet<string> = new Set(CARD_SPEND_STATUSES);

/** Whether a transaction counts as card spend (the definition above). */
export function isCardSpend(tx: { amountCents: number; cardId?: string | undefined; detailedStatus: string }): boolean {
  return tx.amountCents < 0 && tx.cardId !== undefined && WENT_THROUGH.has(tx.detailedStatus);
}

/** "Card spend · November 2026": the label of the UTC month holding `ms`. */
export function cardSpendLabel(ms: number): string {
  return `Card spend · ${monthNameOf(ms)}`;
}
