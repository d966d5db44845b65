import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The renderer as electron-vite builds it (`npm run test:e2e` builds first). */
export function rendererDir(): string {
  const dir = resolve(__dirname, '../../../out/renderer');
  if (!existsSync(join(dir, 'index.html')))
    throw new Error('out/renderer is missing: run `npx electron-vite build` first.');
  return dir;
}
