import { z } from 'zod';
import { channel, event } from './define';
import { ProfileId } from './schemas';

/** The sample history sizes the Demo offers (Settings → "Reset the Demo"). */
export const DEMO_SIZES = [3_000, 100_000, 1_000_000] as const;

export interface DemoInfo {
  transactions: number;
  seed: number;
}

/** What a simulated purchase came to, as the card network answered it. */
export interface SimulatedPurchase {
  approved: boolean;
  declineReason?: string;
  transactionId: string;
}

/**
 * How far "Reset the Demo" is while main prepares the new sample history: `done` of `total` units
 * of work (each transaction is generated, then loaded), for the transactions asked for.
 */
export interface DemoResetProgress {
  transactions: number;
  done: number;
  total: number;
}

export const demoEvents = {
  'demo:reset-progress': event<DemoResetProgress>(),
} as const;

export const demoChannels = {
  'demo:info': channel<DemoInfo>()(z.undefined()),
  /** Starts the Demo's service again with a new sample history of this many transactions. */
  'demo:reset': channel<DemoInfo>()(
    z.strictObject({
      transactions: z.union(
        DEMO_SIZES.map((n) => z.literal(n)) as [z.ZodLiteral<3000>, z.ZodLiteral<100000>, z.ZodLiteral<1000000>],
      ),
    }),
  ),
  /**
   * Demo only: a purchase with a card, as a merchant's terminal would make it (the sandbox's
   * authorization route). Refused for any other profile: a real service has no such route.
   */
  'demo:authorize': channel<SimulatedPurchase>()(
    z.strictObject({
      profileId: ProfileId,
      cardId: z.string().min(1).max(200),
      amountCents: z.number().int().positive().max(1_000_000_000),
      merchantName: z.string().trim().min(1).max(200).optional(),
      mcc: z
        .string()
        .regex(/^\d{4}$/, 'a merchant category code is four digits')
        .optional(),
      country: z
        .string()
        .regex(/^[A-Z]{2,3}$/, 'a country is a 2 or 3 letter code, in capitals')
        .optional(),
    }),
  ),
} as const;
