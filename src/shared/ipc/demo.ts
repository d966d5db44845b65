import { z } from 'zod';
import { channel } from './define';

/** The sample history sizes the Demo offers (Settings → "Reset the Demo"). */
export const DEMO_SIZES = [3_000, 100_000, 1_000_000] as const;

export interface DemoInfo {
  transactions: number;
  seed: number;
}

export const demoChannels = {
  'demo:info': channel<DemoInfo>()(z.undefined()),
  /** Starts the Demo's service again with a new sample history of this many transactions. */
  'demo:reset': channel<DemoInfo>()(z.strictObject({ transactions: z.union(DEMO_SIZES.map((n) => z.literal(n)) as [z.ZodLiteral<3000>, z.ZodLiteral<100000>, z.ZodLiteral<1000000>]) })),
} as const;
