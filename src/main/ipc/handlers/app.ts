import type { appChannels, HandlersOf } from '../../../shared/ipc';
import type { CoreContext } from '../../core/context';

export function appHandlers(ctx: CoreContext): HandlersOf<typeof appChannels> {
  return {
    'app:info': async () => ({ version: ctx.version, platform: ctx.platform }),
    'app:identity': async () => ctx.identity(),
    'app:notify': async ({ title, body }) => ({ shown: ctx.notify(title, body) }),
    'app:outboxUnsent': async ({ unsent }) => {
      ctx.reportUnsent(unsent);
      return { recorded: true };
    },
  };
}
