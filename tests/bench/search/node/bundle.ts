import { join } from 'node:path';
import { build } from 'esbuild';

const HERE = join(import.meta.dirname, '..');

/**
 * One browser bundle (ES module) per entry, in memory: the page, and each engine's worker with
 * its library and our code. Built here with esbuild so the run needs no renderer build.
 */
export async function bundle(entry: 'browser/page' | `engines/${string}`): Promise<string> {
  const result = await build({
    entryPoints: [join(HERE, `${entry}.ts`)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
    // Libraries check this to drop their development-only code, as the app's build does.
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const [out] = result.outputFiles;
  if (!out) throw new Error(`esbuild produced nothing for ${entry}`);
  return out.text;
}
