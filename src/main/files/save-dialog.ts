import { access, mkdir } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { assertExportName, FileExportError } from './file-exports';

/** Asks the person where to save a file; null when they cancel. Electron's dialog in the app. */
export type SaveDialog = (options: {
  suggestedName: string;
  filters: { name: string; extensions: string[] }[];
}) => Promise<string | null>;

/**
 * Where there is no native dialog (the Chromium host): the suggested name in `dir`, with a
 * number added rather than overwriting a file that is there.
 */
export function saveInFolder(dir: string): SaveDialog {
  return async ({ suggestedName }) => {
    // With no dialog the suggested name is the file name: checked here too, whoever calls this.
    assertExportName(suggestedName);
    await mkdir(dir, { recursive: true });
    const ext = extname(suggestedName);
    const stem = suggestedName.slice(0, suggestedName.length - ext.length);
    for (let n = 0; ; n++) {
      const candidate = join(dir, n === 0 ? suggestedName : `${stem} (${n})${ext}`);
      if (dirname(resolve(candidate)) !== resolve(dir))
        throw new FileExportError('bad-name', 'The export would be saved outside its folder; it was refused.');
      try {
        await access(candidate);
      } catch {
        return candidate;
      }
    }
  };
}
