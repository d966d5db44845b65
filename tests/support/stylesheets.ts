import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every .css file below `dir`. */
export function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return cssFiles(path);
    return e.name.endsWith('.css') ? [path] : [];
  });
}

/** A stylesheet without its comments (a token named in a comment is not a use). */
export const withoutComments = (css: string): string => css.replace(/\/\*[\s\S]*?\*\//g, '');
