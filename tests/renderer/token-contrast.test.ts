import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cssFiles, withoutComments } from '../support/stylesheets';

// WCAG 2.1 AA contrast of the design tokens, in both themes, read from ui/tokens.css itself and
// computed here with WCAG's own formula (relative luminance, (L1 + 0.05) / (L2 + 0.05)), apart
// from anything the app computes. Every foreground/background pair the stylesheets put together
// is listed below; a second check finds every `color:` token the stylesheets use, so a new one
// cannot be left out of the list.

const ROOT = join(__dirname, '../../src/renderer/src');
const TOKENS = join(ROOT, 'ui/tokens.css');
const tokensCss = withoutComments(readFileSync(TOKENS, 'utf8'));

type Theme = Map<string, string>;

function declarations(block: string): Theme {
  return new Map([...block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1] ?? '', (m[2] ?? '').trim()]));
}

function themes(): Record<'light' | 'dark', Theme> {
  const light = /(?:^|\})\s*:root\s*\{([^}]*)\}/.exec(tokensCss)?.[1];
  const dark = /@media\s*\(prefers-color-scheme:\s*dark\)\s*\{\s*:root\s*\{([^}]*)\}/.exec(tokensCss)?.[1];
  if (light === undefined || dark === undefined)
    throw new Error('ui/tokens.css has no :root block or no dark :root block');
  const base = declarations(light);
  // The dark theme redefines some tokens; the rest (spacing, type, derived chart colours) stay.
  return { light: base, dark: new Map([...base, ...declarations(dark)]) };
}

/** A token's value with var() references followed, as the browser resolves it in that theme. */
function resolve(theme: Theme, token: string, seen: string[] = []): string {
  const value = theme.get(token);
  if (value === undefined) throw new Error(`${token} is not defined in ui/tokens.css`);
  const ref = /^var\(\s*(--[\w-]+)\s*\)$/.exec(value)?.[1];
  if (!ref) return value;
  if (seen.includes(ref)) throw new Error(`${token} refers to itself through ${seen.join(' -> ')}`);
  return resolve(theme, ref, [...seen, token]);
}

function rgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) throw new Error(`${hex} is not an opaque #rgb or #rrggbb colour`);
  const digits =
    m[1].length === 3 ? [...m[1]].map((d) => d + d) : [m[1].slice(0, 2), m[1].slice(2, 4), m[1].slice(4, 6)];
  const [r = 0, g = 0, b = 0] = digits.map((d) => parseInt(d, 16));
  return [r, g, b];
}

/** WCAG 2.x relative luminance of an sRGB colour. */
function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const TEXT = 4.5;
/** Non-text parts a person must see (WCAG 1.4.11): the focus ring, chart lines and marks. */
const NON_TEXT = 3;

/** The surfaces text sits on: the page, panels and inputs, hovered rows and buttons, selected rows and the current sidebar item. */
const SURFACES = ['--bg', '--surface', '--surface-2', '--accent-soft'];

interface Pair {
  fg: string;
  bg: string;
  min: number;
  what: string;
}

const onSurfaces = (fg: string, what: string, min = TEXT): Pair[] => SURFACES.map((bg) => ({ fg, bg, min, what }));

const PAIRS: Pair[] = [
  ...onSurfaces('--text', 'body text'),
  ...onSurfaces('--text-muted', 'muted text, table headers, hints, key hints'),
  ...onSurfaces('--accent', 'links, quiet buttons, the current sidebar item, badges, tabs'),
  ...onSurfaces('--ok', 'money in, saved notes, approved states'),
  ...onSurfaces('--danger', 'field errors and danger-text buttons'),
  ...onSurfaces('--danger-text', 'failed states in rows'),
  ...onSurfaces('--warn-text', 'pending states in rows'),
  ...onSurfaces('--focus', 'the focus ring', NON_TEXT),
  { fg: '--accent-text', bg: '--accent', min: TEXT, what: 'a primary button' },
  { fg: '--text-on-fill', bg: '--danger', min: TEXT, what: 'a danger button' },
  { fg: '--text-on-fill', bg: '--accent', min: TEXT, what: 'the sidebar’s count badge' },
  { fg: '--danger-text', bg: '--danger-bg', min: TEXT, what: 'an error banner or form error' },
  { fg: '--danger', bg: '--danger-bg', min: TEXT, what: 'a field error inside an error banner' },
  { fg: '--warn-text', bg: '--warn-bg', min: TEXT, what: 'the offline banner, warning notes and the warn button' },
  { fg: '--chart-axis', bg: '--surface', min: TEXT, what: 'chart axis labels' },
  { fg: '--chart-line', bg: '--surface', min: NON_TEXT, what: 'a chart’s line' },
  { fg: '--chart-mark', bg: '--surface', min: NON_TEXT, what: 'a chart’s marks' },
  { fg: '--accent', bg: '--surface', min: NON_TEXT, what: 'the bars of the spend charts' },
];

const all = themes();

describe('design token contrast (WCAG 2.1 AA), computed from ui/tokens.css', () => {
  it('the formula gives WCAG’s known values', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#fff', '#fff')).toBe(1);
  });

  it('the two themes differ in the palette (the dark block was read)', () => {
    expect(resolve(all.dark, '--bg')).not.toBe(resolve(all.light, '--bg'));
    expect(resolve(all.dark, '--text')).not.toBe(resolve(all.light, '--text'));
  });

  for (const name of ['light', 'dark'] as const) {
    it(`every pair the UI uses meets its minimum in the ${name} theme`, () => {
      const theme = all[name];
      const failing = PAIRS.flatMap(({ fg, bg, min, what }) => {
        const ratio = contrast(resolve(theme, fg), resolve(theme, bg));
        return ratio >= min
          ? []
          : [`${fg} ${resolve(theme, fg)} on ${bg} ${resolve(theme, bg)}: ${ratio.toFixed(2)}:1 < ${min}:1 (${what})`];
      });
      expect(failing).toEqual([]);
    });
  }

  it('every colour token a stylesheet gives text is among the pairs checked', () => {
    const checked = new Set(PAIRS.map((p) => p.fg));
    const unchecked = cssFiles(ROOT)
      .filter((f) => f !== TOKENS)
      .flatMap((f) =>
        [...withoutComments(readFileSync(f, 'utf8')).matchAll(/(?<![\w-])color\s*:\s*var\(\s*(--[\w-]+)\s*\)/g)].map(
          (m) => ({ file: relative(ROOT, f), token: m[1] ?? '' }),
        ),
      )
      .filter(({ token }) => !checked.has(token))
      .map(({ file, token }) => `${file}: ${token}`);
    expect(unchecked).toEqual([]);
  });
});
