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

/**
 * The Demo's simulated team (docs/features/demo-team.md): two colleagues whose desktops run in
 * main, on a database server main starts for the Demo. `off`: the person chose the Demo alone (or
 * this app does not offer the team); `starting`; `ready`; `solo`: it cannot run here, and
 * `message` says why; `stopped`: it ended with a problem, said in `message`.
 */
export interface DemoTeamStatus {
  /** What the person chose in Settings (on unless they turned it off). */
  enabled: boolean;
  state: 'off' | 'starting' | 'ready' | 'solo' | 'stopped';
  /** What the Demo does now, in words for Settings. */
  message: string;
  /** The simulated colleagues' names. */
  colleagues: string[];
}

export const demoEvents = {
  'demo:reset-progress': event<DemoResetProgress>(),
  /** The Demo's simulated team started, stopped, or could not run (Settings shows why). */
  'demo:team-changed': event<DemoTeamStatus>(),
} as const;

export const demoChannels = {
  'demo:info': channel<DemoInfo>()(z.undefined()),
  /** What the Demo's simulated team is doing, and whether the person wants it. */
  'demo:teamStatus': channel<DemoTeamStatus>()(z.undefined()),
  /** Runs the Demo with its simulated team, or alone; kept for the next start. */
  'demo:setTeam': channel<DemoTeamStatus>()(z.strictObject({ enabled: z.boolean() })),
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
