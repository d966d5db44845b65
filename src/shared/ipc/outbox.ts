import { z } from 'zod';
import { boundedJson } from '../bounded-json';
import { channel } from './define';
import { ProfileId } from './schemas';

/**
 * The outbox's way out (DESIGN.md, "Main is the money gate"): a solo row reaches main as the row
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

export const outboxChannels = {
  'outbox:send': channel<unknown>()(OutboxSendArg),
} as const;
