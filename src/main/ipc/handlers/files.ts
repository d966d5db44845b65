import type { ExportKind, filesChannels, HandlersOf, IpcErrorCode } from '../../../shared/ipc';
import type { CoreContext } from '../context';
import { exportFileName, FileExportError, type FileExportErrorCode } from '../../files/file-exports';
import { HandlerError } from '../../errors/handler-error';

const FILTERS: Record<ExportKind, { name: string; extensions: string[] }[]> = {
  csv: [{ name: 'CSV (comma-separated values)', extensions: ['csv'] }],
  ofx: [{ name: 'OFX (Quicken, QuickBooks, GnuCash)', extensions: ['ofx'] }],
};

const ERROR_CODES: Record<FileExportErrorCode, IpcErrorCode> = {
  'not-open': 'not-found',
  'too-many': 'conflict',
  'too-large': 'conflict',
  'bad-name': 'invalid-argument',
  declined: 'declined',
  quota: 'rate-limited',
};

export function filesHandlers(ctx: CoreContext): HandlersOf<typeof filesChannels> {
  const wrap = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof FileExportError) throw new HandlerError(ERROR_CODES[error.code], error.message);
      const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
      throw new HandlerError(
        'internal',
        `The file could not be written${code ? ` (${code})` : ''}. Check the folder exists, you can write to it and the disk has room, then export again.`,
      );
    }
  };
  return {
    'files:saveBegin': async ({ suggestedName, kind }) => {
      // Checked before the dialog opens: no point choosing a place for an export that cannot start.
      const name = await wrap(async () => {
        await ctx.exports.reserve();
        return exportFileName(suggestedName, kind);
      });
      const path = await wrap(() => ctx.saveDialog({ suggestedName: name, filters: FILTERS[kind] }));
      if (!path) return { exportId: null };
      // The dialog may hand back any name the person typed ("x", "x.sh"): the kind's extension is forced.
      return wrap(() => ctx.exports.begin(path, kind));
    },
    'files:saveWrite': ({ exportId, chunk }) => wrap(async () => ({ bytes: await ctx.exports.write(exportId, chunk) })),
    'files:saveEnd': ({ exportId }) => wrap(() => ctx.exports.end(exportId)),
    'files:saveAbort': async ({ exportId }) => ({ aborted: await ctx.exports.abort(exportId) }),
  };
}
