import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSync } from 'esbuild';

const root = resolve(__dirname, '../..');

/** Bundles the shim into one IIFE string for page.addInitScript (no module loader there). */
export function buildShim(): string {
  const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };
  const out = buildSync({
    entryPoints: [resolve(__dirname, 'page-shim.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    define: { __SHIM_VERSION__: JSON.stringify(pkg.version) },
    logLevel: 'silent',
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error('esbuild produced no shim');
  return file.text;
}
