import { z } from 'zod';
import { channel, NoArg } from './define';
import { ProfileId } from './schemas';

/**
 * Logs and the support bundle. A page's lines reach the log file only through `support:log`:
 * bounded in count and size per call here, and in lines and bytes per minute in main, so a page
 * gone wrong (or taken over) cannot fill the disk or push the real lines out of the rotation.
 */

/** The most lines one call carries, and the longest message (a line longer is cut by main anyway). */
export const MAX_PAGE_LINES = 20;
export const MAX_PAGE_MESSAGE = 2_000;

export const PageLogLine = z.strictObject({
  level: z.enum(['error', 'warn', 'info']),
  source: z.enum(['page', 'worker']),
  /** What happened, as a short dotted name ("error.seen", "worker.error"): not free text. */
  event: z.string().regex(/^[a-z][a-z0-9.-]{0,59}$/, 'an event is a short lower-case dotted name'),
  message: z.string().max(MAX_PAGE_MESSAGE),
  profileId: ProfileId.optional(),
});
export type PageLogLine = z.infer<typeof PageLogLine>;

/** The outbox's states (OutboxState in shared/outbox, which imports from here: a test holds the two lists equal). */
export const OUTBOX_STATES = [
  'draft',
  'awaiting-approval',
  'approved',
  'sending',
  'sent',
  'failed',
  'rejected',
  'canceled',
  'needs-review',
] as const;

/** What the page knows and main does not: each profile's outbox, as counts per state (never a row). */
export const OutboxCensus = z
  .array(
    z.strictObject({
      profileId: ProfileId,
      counts: z.partialRecord(z.enum(OUTBOX_STATES), z.number().int().min(0).max(10_000_000)),
    }),
  )
  .max(100);
export type OutboxCensus = z.infer<typeof OutboxCensus>;

/** One part of the bundle, as the summary before saving lists it. */
export interface BundlePart {
  /** The file's name inside the zip. */
  name: string;
  /** What it holds, in words. */
  what: string;
  bytes: number;
}

export interface BundleSummary {
  parts: BundlePart[];
  /** What is never in it, said as plainly. */
  never: string[];
}

export interface BundleSaved {
  /** Null when the person canceled the save dialog. */
  path: string | null;
  bytes: number;
}

export const supportChannels = {
  'support:log': channel<{ written: number; dropped: number }>()(
    z.strictObject({ lines: z.array(PageLogLine).min(1).max(MAX_PAGE_LINES) }),
  ),
  /** What "Save a support bundle" would put in the zip, shown before the person saves. */
  'support:bundleSummary': channel<BundleSummary>()(z.strictObject({ outbox: OutboxCensus })),
  /** Writes the zip where the person chooses (main's save dialog, or its confirmed folder where there is none). */
  'support:saveBundle': channel<BundleSaved>()(z.strictObject({ outbox: OutboxCensus })),
  /** Opens the log folder in the system's file manager; where there is none, says where it is. */
  'support:openLogFolder': channel<{ opened: boolean; path: string }>()(NoArg),
  /** Versions and states as text, put on the clipboard by main (nothing secret is in it). */
  'support:copyDiagnostics': channel<{ text: string }>()(NoArg),
} as const;
