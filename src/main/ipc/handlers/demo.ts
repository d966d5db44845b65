import type { demoChannels, HandlersOf } from '../../../shared/ipc';
import type { CoreContext } from '../context';
import type { DemoTeamChannel } from './demo-team';
import { announceProfiles } from '../profile-views';
import { DemoAuthorizeError } from '../../demo/demo-sandbox';
import { DEMO_PROFILE_ID } from '../../profiles/profile';
import { HandlerError } from '../../errors/handler-error';

/** The Demo's own channels; its team's are in demo-team.ts. */
export function demoHandlers(ctx: CoreContext): Omit<HandlersOf<typeof demoChannels>, DemoTeamChannel> {
  return {
    'demo:info': async () => ctx.demo.info(),
    'demo:reset': async ({ transactions }) => {
      await ctx.services.reset(DEMO_PROFILE_ID);
      // A few reports a second at most: each crosses to every window.
      let last = 0;
      await ctx.demo.reset(transactions, ({ done, total }) => {
        const now = Date.now();
        if (now - last < 100 && done < total) return;
        last = now;
        ctx.emit('demo:reset-progress', { transactions, done, total });
      });
      // New ports: the Demo's client is made again on its next call; the views show the new URLs.
      await announceProfiles(ctx);
      return ctx.demo.info();
    },
    'demo:authorize': async ({ profileId, cardId, amountCents, merchantName, mcc, country }) => {
      if (profileId !== DEMO_PROFILE_ID) {
        throw new HandlerError(
          'invalid-argument',
          'Simulating a purchase works only with the Demo profile: a real card is charged only by a real merchant. Switch to the Demo to try it.',
        );
      }
      const body = {
        cardId,
        amountCents,
        ...(merchantName ? { merchantName } : {}),
        ...(mcc ? { mcc } : {}),
        ...(country ? { country } : {}),
      };
      try {
        return await ctx.demo.authorize(body);
      } catch (error) {
        if (!(error instanceof DemoAuthorizeError)) throw error;
        throw new HandlerError(
          error.code === 'card' ? 'not-found' : error.code === 'unavailable' ? 'service' : 'invalid-argument',
          error.message,
        );
      }
    },
  };
}
