import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

// `npm run lint` runs scripts/import-graph.mjs: it must fail on a circle of files and on folders
// that import each other (an arrow running back up), and pass a tree with neither. Each case plants
// a small tree with the repository's layout in a temporary folder and runs the script there.

const SCRIPT = resolve(__dirname, '../../scripts/import-graph.mjs');

/** A planted tree: each file, the files it imports and those it imports with `import type`. */
type Tree = Record<string, { imports?: string[]; typeImports?: string[] }>;

const CLEAN: Tree = {
  'src/main/index.ts': { imports: ['src/main/ipc/register.ts', 'src/shared/money.ts'] },
  'src/main/ipc/register.ts': { imports: ['src/main/errors/handler-error.ts', 'src/main/ipc/dispatch.ts'] },
  'src/main/ipc/dispatch.ts': { imports: ['src/main/errors/handler-error.ts'] },
  'src/main/errors/handler-error.ts': {},
  'src/renderer/src/features/screen.ts': {
    imports: ['src/renderer/src/parts/form.ts', 'src/renderer/src/model/format.ts'],
  },
  'src/renderer/src/parts/form.ts': {
    imports: ['src/renderer/src/model/format.ts'],
    typeImports: ['src/shared/money.ts'],
  },
  'src/renderer/src/model/format.ts': {},
  'src/shared/money.ts': {},
};

function specifier(from: string, to: string): string {
  const path = relative(dirname(from), to).replace(/\.ts$/, '');
  return path.startsWith('.') ? path : `./${path}`;
}

function source(file: string, tree: Tree): string {
  const { imports = [], typeImports = [] } = tree[file] ?? {};
  const lines = [
    ...imports.map((to, i) => `import * as m${i} from '${specifier(file, to)}';`),
    ...typeImports.map((to, i) => `import type * as t${i} from '${specifier(file, to)}';`),
    `export const used = [${imports.map((_, i) => `m${i}`).join(', ')}];`,
    ...typeImports.map((_, i) => `export type T${i} = typeof t${i};`),
  ];
  return `${lines.join('\n')}\n`;
}

/** What the script must print for `root`, counted from the planted tree (not from the script). */
function expectedFigures(tree: Tree, root: string, upward: number, circles: number): string {
  const files = Object.keys(tree).filter((f) => f.startsWith(`${root}/`));
  const imports = files.reduce((n, f) => n + (tree[f]?.imports?.length ?? 0) + (tree[f]?.typeImports?.length ?? 0), 0);
  return `import graph ${root}: ${files.length} files, ${imports} imports, ${upward} upward, ${circles} circles`;
}

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function run(tree: Tree): Promise<{ code: number; out: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'import-graph-'));
  dirs.push(dir);
  for (const file of Object.keys(tree)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), source(file, tree));
  }
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT], { cwd: dir });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code?: number; stdout?: string };
    return { code: e.code ?? -1, out: e.stdout ?? '' };
  }
}

const withImport = (tree: Tree, from: string, to: string, kind: 'imports' | 'typeImports' = 'imports'): Tree => ({
  ...tree,
  [from]: { ...tree[from], [kind]: [...(tree[from]?.[kind] ?? []), to] },
});

describe('import graph check (npm run lint)', () => {
  it('passes a tree with no circle and no folder importing back, and prints its figures', async () => {
    const { code, out } = await run(CLEAN);
    expect(out).toContain(expectedFigures(CLEAN, 'src/main', 0, 0));
    expect(out).toContain(expectedFigures(CLEAN, 'src/renderer/src', 0, 0));
    expect(out).toContain(expectedFigures(CLEAN, 'src/shared', 0, 0));
    expect(code).toBe(0);
  });

  it('fails on a circle of files inside one folder', async () => {
    // register.ts imports dispatch.ts; dispatch.ts importing it back closes a circle. Both files are
    // in ipc/: no folder imports another back, so only the file rule can see it.
    const tree = withImport(CLEAN, 'src/main/ipc/dispatch.ts', 'src/main/ipc/register.ts');
    const { code, out } = await run(tree);
    expect(out).toContain(expectedFigures(tree, 'src/main', 0, 1));
    expect(out).toMatch(/circle: src\/main\/ipc\/dispatch\.ts <-> src\/main\/ipc\/register\.ts/);
    expect(code).toBe(1);
  });

  it('fails on an arrow running back up: two folders that import each other, though no file circles', async () => {
    // errors/ is below ipc/; a new file in errors/ that imports ipc/ turns the arrow round.
    const tree = withImport(
      { ...CLEAN, 'src/main/errors/wording.ts': {} },
      'src/main/errors/wording.ts',
      'src/main/ipc/dispatch.ts',
    );
    const { code, out } = await run(tree);
    expect(out).toContain(expectedFigures(tree, 'src/main', 1, 0));
    expect(out).toContain('^ errors -> ipc');
    expect(code).toBe(1);
  });

  it('counts a type-only import: a part naming a screen\u2019s type runs back up', async () => {
    const tree = withImport(
      CLEAN,
      'src/renderer/src/parts/form.ts',
      'src/renderer/src/features/screen.ts',
      'typeImports',
    );
    const { code, out } = await run(tree);
    expect(out).toContain(expectedFigures(tree, 'src/renderer/src', 1, 1));
    expect(out).toMatch(/[\^ ] parts -> features {3}\(parts\/form.ts -> features\/screen.ts\)/);
    expect(code).toBe(1);
  });

  it('judges each root on its own: two folders of src/shared that import each other fail it, src/main stays clean', async () => {
    const tree = withImport(
      withImport(
        { ...CLEAN, 'src/shared/a/x.ts': {}, 'src/shared/b/y.ts': {} },
        'src/shared/a/x.ts',
        'src/shared/b/y.ts',
      ),
      'src/shared/b/y.ts',
      'src/shared/a/x.ts',
    );
    const { code, out } = await run(tree);
    expect(out).toContain(expectedFigures(tree, 'src/main', 0, 0));
    expect(out).toContain(expectedFigures(tree, 'src/shared', 1, 1));
    expect(code).toBe(1);
  });
});
