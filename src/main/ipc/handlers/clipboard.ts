import type { clipboardChannels, HandlersOf } from '../../../shared/ipc';
import type { CoreContext } from '../context';
import { HandlerError } from '../../errors/handler-error';

const FAILED =
  'The text could not be put on the clipboard. Try again; if another app is holding the clipboard, close it first.';

export function clipboardHandlers(ctx: CoreContext): HandlersOf<typeof clipboardChannels> {
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch {
      // The clipboard's own error is not quoted: it may echo the text.
      throw new HandlerError('internal', FAILED);
    }
  };
  return {
    'clipboard:copySecret': ({ text }) => guarded(() => ctx.clipboard.copySecret(text)),
    'clipboard:copy': ({ text }) =>
      guarded(async () => {
        await ctx.clipboard.copy(text);
        return {};
      }),
  };
}
