import type { Result, SimulatedPurchase } from '../../../../shared/ipc';
import { demoCards } from '../../platform/cards';
import { syncs } from '../../app/sync';

export interface PurchaseInput {
  /** Integer cents, positive. */
  amountCents: number;
  merchantName?: string;
  /** Merchant category code: four digits. */
  mcc?: string;
  /** ISO country code, capitals. */
  country?: string;
}

/**
 * Demo only: a purchase with a card, as a merchant's terminal would make it. Main refuses it for
 * any profile but the Demo. A sync starts at once, so the booked transaction (approved or declined)
 * reaches the transaction list and the card's meters without a person asking for it.
 */
export async function simulatePurchase(
  profileId: string,
  cardId: string,
  input: PurchaseInput,
): Promise<Result<SimulatedPurchase>> {
  const r = await authorize(profileId, cardId, input);
  if (r.ok) void syncs.startSync(profileId).catch(() => undefined);
  return r;
}

function authorize(profileId: string, cardId: string, input: PurchaseInput): Promise<Result<SimulatedPurchase>> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    return Promise.resolve({
      ok: false,
      error: { code: 'invalid-argument', message: 'Enter an amount above zero, in whole cents.' },
    });
  }
  const { merchantName, mcc, country } = input;
  return demoCards.authorize({
    profileId,
    cardId,
    amountCents: input.amountCents,
    ...(merchantName?.trim() ? { merchantName: merchantName.trim() } : {}),
    ...(mcc ? { mcc } : {}),
    ...(country ? { country } : {}),
  });
}
