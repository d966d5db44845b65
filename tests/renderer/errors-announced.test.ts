import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every error a screen shows is announced (WCAG 4.1.3): an element the stylesheets draw as an
// error carries role="alert" (or sits in a live region the exceptions below name). Read from the
// renderer's source, so a new error line without a role fails here before anyone misses it.

const ROOT = join(__dirname, '../../src/renderer/src');

/** The classes ui/forms.css, ui/banner.css and the screens' styles draw errors with. */
const ERROR_CLASS =
  /(?<![\w-])(field__error|form__error|banner--error|error-boundary|card-secrets__error|sync-status__error)(?![\w-])/;

/**
 * Errors inside a live region of their own, announced with it: `file` and the element's tag.
 * A role on a table cell would take its cell role away, so the import's per-row errors are read
 * with the aria-live summary they sit in ("3 rows ready, 2 with errors").
 */
const IN_LIVE_REGION: { file: string; tag: string }[] = [{ file: 'parts/outbox/BulkImport.tsx', tag: 'td' }];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.tsx') ? [path] : [];
  });
}

/** JSX opening tags: `<name attrs>` where attrs may hold `{...}` expressions nested three deep (a template literal's `${}` inside a call). */
const BRACES = String.raw`\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}`;
const OPENING_TAG = new RegExp(String.raw`<([a-zA-Z][\w.]*)((?:[^<>{}]|${BRACES})*)\/?>`, 'g');
const ANNOUNCED = /\brole=(?:"alert"|\{[^}]*'alert'[^}]*\})|\baria-live=/;

interface ErrorElement {
  file: string;
  tag: string;
  line: number;
  announced: boolean;
}

function errorElements(): ErrorElement[] {
  return sources(ROOT).flatMap((path) => {
    const text = readFileSync(path, 'utf8');
    const file = relative(ROOT, path);
    return [...text.matchAll(OPENING_TAG)]
      .filter((m) => ERROR_CLASS.test(/className=(?:"[^"]*"|\{[^}]*\})/.exec(m[2] ?? '')?.[0] ?? ''))
      .map((m) => ({
        file,
        tag: m[1] ?? '',
        line: text.slice(0, m.index).split('\n').length,
        announced: ANNOUNCED.test(m[2] ?? ''),
      }));
  });
}

describe('errors are announced', () => {
  const found = errorElements();

  it('finds the error elements of the shared components and the screens', () => {
    // The shared ones at least: the banner, the form's and a field's error, the boundary.
    for (const file of ['ui/ErrorBanner.tsx', 'ui/FormError.tsx', 'ui/TextField.tsx', 'ui/ErrorBoundary.tsx'])
      expect(found.map((e) => e.file)).toContain(file);
    expect(found.length).toBeGreaterThan(20);
  });

  it('each has role="alert" or a live region, but for the named exceptions', () => {
    const silent = found
      .filter((e) => !e.announced && !IN_LIVE_REGION.some((x) => x.file === e.file && x.tag === e.tag))
      .map((e) => `${e.file}:${e.line} <${e.tag}>`);
    expect(silent).toEqual([]);
  });

  it('every exception still exists (a stale one would hide a new silent error)', () => {
    for (const x of IN_LIVE_REGION)
      expect(found.some((e) => e.file === x.file && e.tag === x.tag && !e.announced)).toBe(true);
  });
});
