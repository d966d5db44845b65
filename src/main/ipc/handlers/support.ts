import { writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { HandlersOf, supportChannels } from '../../../shared/ipc';
import { HandlerError } from '../../errors/handler-error';
import { FileExportError } from '../../files/file-exports';
import { bundleParts, bundleZip, summaryOf } from '../../support/support-bundle';
import { diagnosticsText, gatherFacts } from '../../support/support-facts';
import type { CoreContext } from '../context';

const ZIP_FILTERS = [{ name: 'Zip archive', extensions: ['zip'] }];

export function supportHandlers(ctx: CoreContext): HandlersOf<typeof supportChannels> {
  return {
    'support:log': async ({ lines }) => ctx.pageLines.write(lines),
    'support:bundleSummary': async ({ outbox }) =>
      summaryOf(await bundleParts(await gatherFacts(ctx, outbox), ctx.log.dir)),
    'support:saveBundle': async ({ outbox }) => {
      const day = new Date(ctx.now()).toISOString().slice(0, 10);
      let path: string | null;
      try {
        path = await ctx.saveDialog({ suggestedName: `treasury-support-${day}.zip`, filters: ZIP_FILTERS });
      } catch (error) {
        if (error instanceof FileExportError) throw new HandlerError('declined', error.message);
        throw error;
      }
      if (!path) return { path: null, bytes: 0 };
      // The dialog hands back whatever name the person typed: a zip is saved as .zip.
      if (extname(path).toLowerCase() !== '.zip') path = `${path}.zip`;
      const zip = bundleZip(await bundleParts(await gatherFacts(ctx, outbox), ctx.log.dir));
      try {
        await writeFile(path, zip, { mode: 0o600 });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new HandlerError(
          'internal',
          `The support bundle could not be written${code ? ` (${code})` : ''}. Check the folder exists and the disk has room, then save it again.`,
        );
      }
      ctx.log.info('support.bundle-saved', { bytes: zip.length });
      return { path, bytes: zip.length };
    },
    'support:openLogFolder': async () => ({ opened: await ctx.openFolder(ctx.log.dir), path: ctx.log.dir }),
    'support:copyDiagnostics': async () => {
      const text = diagnosticsText(await gatherFacts(ctx, []), ctx.log.dir);
      await ctx.clipboard.copy(text);
      return { text };
    },
  };
}
