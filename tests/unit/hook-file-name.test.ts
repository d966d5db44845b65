import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// eslint.config.mjs's one naming rule for hook files: a module named for a hook is `useThing.ts(x)`
// and exports `useThing`; `use-thing.ts` is refused. Each case lints a snippet as if it lived at `file`.

const root = resolve(__dirname, '../..');
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function namingErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file), warnIgnored: true });
  if (!result) throw new Error('no lint result');
  return result.messages.filter((m) => m.ruleId === 'naming/hook-file-name').map((m) => m.message);
}

const HOOK = (name: string) => `export function ${name}(): number {\n  return 1;\n}\n`;

describe('lint: hook file names', () => {
  it('refuses a kebab-case hook file and names the file it should be', async () => {
    expect(await namingErrors('src/renderer/src/ui/use-stable-thing.ts', HOOK('useStableThing'))).toEqual([
      "Hook files are named after their hook in camelCase: rename 'use-stable-thing.ts' to 'useStableThing.ts'.",
    ]);
  });

  it('refuses a file named for a hook it does not export', async () => {
    expect(
      await namingErrors('src/renderer/src/features/transactions/useNames.tsx', HOOK('useDirectory')),
    ).toHaveLength(1);
  });

  it('accepts a hook file named after its hook (exported as a function, a const or by name)', async () => {
    expect(await namingErrors('src/renderer/src/ui/useThing.ts', HOOK('useThing'))).toEqual([]);
    expect(await namingErrors('src/renderer/src/ui/useOther.ts', `export const useOther = (): number => 1;\n`)).toEqual(
      [],
    );
    expect(
      await namingErrors(
        'src/renderer/src/ui/useLast.ts',
        `function useLast(): number {\n  return 1;\n}\nexport { useLast };\n`,
      ),
    ).toEqual([]);
  });

  it('leaves modules named for their job alone, though they export hooks (a store, a repository)', async () => {
    expect(await namingErrors('src/renderer/src/stores/navigation.ts', HOOK('useNavigation'))).toEqual([]);
  });
});
