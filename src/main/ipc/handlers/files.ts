import type { filesChannels, HandlersOf } from '../../../shared/ipc';
import type { CoreContext } from '../../core/context';
import { FileExportError } from '../../files/file-exports';
import { HandlerError } from '../dispatch';

const FILTERS = { csv: [{ name: 'CSV (comma-separated values)', extensions: ['csv'] }] };

export function filesHandlers(ctx: CoreContext): HandlersOf<typeof filesChannels> {
  const wrap = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof FileExportError) throw new HandlerError('not-found', error.message);
      const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
      throw new HandlerError('internal', `The file could not be written${code ? ` (${code})` : ''}. Check the folder exists, you can write to it and the disk has room, then export again.`);
    }
  };
  return {
    'files:saveBegin': async ({ suggestedName, kind }) => {
      const path = await ctx.saveDialog({ suggestedName, filters: FILTERS[kind] });
      if (!path) return { exportId: null };
      return wrap(async () => ctx.exports.begin(path));
    },
    'files:saveWrite': ({ exportId, chunk }) => wrap(async () => ({ bytes: await ctx.exports.write(exportId, chunk) })),
    'files:saveEnd': ({ exportId }) => wrap(() => ctx.exports.end(exportId)),
    'files:saveAbort': async ({ exportId }) => ({ aborted: await ctx.exports.abort(exportId) }),
  };
}
