import type { demoChannels, HandlersOf } from '../../../shared/ipc';
import type { CoreContext } from '../../core/context';
import { announceProfiles } from '../../core/profile-views';
import { DEMO_PROFILE_ID } from '../../profiles/profile';

export function demoHandlers(ctx: CoreContext): HandlersOf<typeof demoChannels> {
  return {
    'demo:info': async () => ctx.demo.info(),
    'demo:reset': async ({ transactions }) => {
      await ctx.services.reset(DEMO_PROFILE_ID);
      await ctx.demo.reset(transactions);
      // New ports: the Demo's client is made again on its next call; the views show the new URLs.
      await announceProfiles(ctx);
      return ctx.demo.info();
    },
  };
}
