import type { appChannels, HandlersOf } from '../../../shared/ipc';
import type { CoreContext } from '../context';

export function appHandlers(ctx: CoreContext): HandlersOf<typeof appChannels> {
  return {
    'app:info': async () => ({ version: ctx.version, platform: ctx.platform }),
    'app:identity': async () => ctx.identity(),
    // The renderer leaves out what is switched off; main holds it to the settings again (another window may have just changed them).
    'app:notify': async ({ title, body, events }) => ({
      shown: ctx.settings.allows(events) && ctx.notify(title, body),
    }),
    'app:outboxUnsent': async ({ unsent }) => {
      ctx.reportUnsent(unsent);
      return { recorded: true };
    },
  };
}
