import { z } from 'zod';
import { boundedJson } from '../bounded-json';
import { channel, event, NoArg } from './define';
import { ProfileId } from './schemas';

/**
 * The outbox's way out (docs/architecture.md, "Main is the money gate"): a solo row reaches main as the row
 * it is (kind, payload exactly as approved, key), never as an endpoint, and main picks the call
 * from the kind, checks the send journal and, for a service a team workspace covers, refuses it.
 * The answer is the service's, as `service:call` gives it.
 */
export const OutboxSendArg = z.strictObject({
  profileId: ProfileId,
  rowId: z.string().min(1).max(100),
  kind: z.enum(['transfer', 'payment', 'note']),
  payload: boundedJson({ maxValues: 200, maxDepth: 4 }),
  idempotencyKey: z.string().min(1).max(255),
});
export type OutboxSendArg = z.infer<typeof OutboxSendArg>;

/**
 * What main's team sender is doing for one profile and the workspace that covers its service
 * (src/main/workspace/sending): the renderer shows it; it cannot ask main to send a team row.
 */
export interface TeamSendingStatus {
  profileId: string;
  workspaceId: string;
  workspaceName: string;
  /** `stopped`: the last run ended early (`message` says why); `offline`: the profile's service does not answer. */
  state: 'idle' | 'sending' | 'paused' | 'offline' | 'stopped';
  message: string | null;
  /** What the last run did, when one ran. */
  last: { at: string; sent: number; failed: number; review: number; reopened: number; stale: number } | null;
}

export const outboxChannels = {
  'outbox:send': channel<unknown>()(OutboxSendArg),
  /**
   * Pauses (or resumes) sending for a profile in main: its team rows wait, whatever the page
   * does; the renderer pauses its solo sender beside it. A restart of the app resumes.
   */
  'outbox:pause': channel<{ paused: boolean }>()(z.strictObject({ profileId: ProfileId, paused: z.boolean() })),
  /** What main's team sender is doing, per profile a workspace covers. */
  'outbox:teamSending': channel<TeamSendingStatus[]>()(NoArg),
} as const;

export const outboxEvents = {
  /** One profile's team sending changed state, or finished a run. */
  'outbox:team-sending': event<TeamSendingStatus>(),
} as const;
