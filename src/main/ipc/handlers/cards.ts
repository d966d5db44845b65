import type { cardsChannels, HandlersOf } from '../../../shared/ipc';
import type { CoreContext } from '../context';
import { HandlerError } from '../../errors/handler-error';

export function cardsHandlers(ctx: CoreContext): HandlersOf<typeof cardsChannels> {
  return {
    'cards:reveal': (arg) => ctx.reveals.reveal(arg),
    'audit:reveals': async ({ profileId, cardId }) => {
      try {
        return await ctx.audit.list(cardId === undefined ? { profileId } : { profileId, cardId });
      } catch {
        throw new HandlerError(
          'internal',
          "The reveal audit log could not be read. Check that the app's data folder can be read, then reopen the card.",
        );
      }
    },
  };
}
