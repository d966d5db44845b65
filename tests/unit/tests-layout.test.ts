import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layout tests/README.md describes, kept so: tests/unit tests main, shared and the tooling
// (renderer code is tested in tests/renderer), and the node-side lanes' folders hold tests only,
// their helpers living in tests/support, where the next test finds them.

const TESTS = join(__dirname, '..');
const filesOf = (folder: string) => readdirSync(join(TESTS, folder)).filter((name) => /\.(ts|tsx|mjs)$/.test(name));

describe('the tests’ layout', () => {
  it('tests/unit imports no renderer code', () => {
    const importing = filesOf('unit').filter((name) =>
      /from '[./]*\/src\/renderer\/|import\('[./]*\/src\/renderer\//.test(
        readFileSync(join(TESTS, 'unit', name), 'utf8'),
      ),
    );
    expect(importing, 'these belong in tests/renderer').toEqual([]);
  });

  it('tests/unit and tests/sandbox hold test files only: their helpers are in tests/support', () => {
    const helpers = ['unit', 'sandbox'].flatMap((folder) =>
      filesOf(folder)
        .filter((name) => !name.endsWith('.test.ts'))
        .map((name) => `${folder}/${name}`),
    );
    expect(helpers).toEqual([]);
  });
});
