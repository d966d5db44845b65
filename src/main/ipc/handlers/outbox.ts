import type { HandlersOf, outboxChannels } from '../../../shared/ipc';
import type { CoreContext } from '../context';

export function outboxHandlers(ctx: CoreContext): HandlersOf<typeof outboxChannels> {
  return {
    // The renderer's solo outbox: main checks and journals the row before anything leaves.
    'outbox:send': ({ profileId, ...row }) => ctx.money.send(profileId, row, 'solo'),
    'outbox:pause': async ({ profileId, paused }) => ctx.teamSending.pause(profileId, paused),
    'outbox:teamSending': async () => ctx.teamSending.statuses(),
  };
}
