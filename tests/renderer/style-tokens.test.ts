import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cssFiles, withoutComments } from '../support/stylesheets';

// The renderer's stylesheets: tokens in ui/tokens.css, the rest beside their components.
const ROOT = join(__dirname, '../../src/renderer/src');
const TOKENS = join(ROOT, 'ui/tokens.css');

const defined = new Set(
  [...withoutComments(readFileSync(TOKENS, 'utf8')).matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]),
);
const sheets = cssFiles(ROOT)
  .filter((f) => f !== TOKENS)
  .map((f) => ({ file: relative(ROOT, f), css: withoutComments(readFileSync(f, 'utf8')) }));

describe('renderer styles use the design tokens', () => {
  it('finds the stylesheets', () => {
    expect(sheets.length).toBeGreaterThan(5);
  });

  // A misspelt var() falls back silently (to nothing, or to a fallback that hides the typo).
  it('every var() names a token defined in ui/tokens.css, with no fallback', () => {
    const bad = sheets.flatMap(({ file, css }) =>
      [...css.matchAll(/var\(\s*(--[\w-]+)\s*(,[^)]*)?\)/g)]
        .filter((m) => !defined.has(m[1]) || m[2] !== undefined)
        .map((m) => `${file}: ${m[0]}`),
    );
    expect(bad).toEqual([]);
  });

  // Only tokens.css knows the palette, so the dark theme (which redefines the tokens) covers every rule.
  it('no stylesheet but ui/tokens.css names a colour', () => {
    const colour = /#[0-9a-f]{3,8}\b|\b(?:rgb|rgba|hsl|hsla)\(|(?<![\w-])(?:white|black)(?![\w-])/gi;
    const bad = sheets.flatMap(({ file, css }) => [...css.matchAll(colour)].map((m) => `${file}: ${m[0]}`));
    expect(bad).toEqual([]);
  });

  it('ui/tokens.css declares no rule but the tokens of :root', () => {
    const selectors = [...withoutComments(readFileSync(TOKENS, 'utf8')).matchAll(/([^{}]+)\{/g)].map((m) =>
      (m[1] ?? '').trim(),
    );
    expect(selectors).toEqual([':root', '@media (prefers-color-scheme: dark)', ':root']);
  });
});
