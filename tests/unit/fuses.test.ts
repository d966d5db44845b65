import { createRequire } from 'node:module';
import { FuseV1Options } from '@electron/fuses';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { FUSES } = require('../../electron/after-pack.cjs') as { FUSES: Record<string | number, unknown> };

describe('Electron fuses flipped when packaging', () => {
  it('names every fuse of the schema and requires them all', () => {
    const all = Object.values(FuseV1Options).filter((v): v is number => typeof v === 'number');
    for (const fuse of all) expect(FUSES[fuse], FuseV1Options[fuse]).toEqual(expect.any(Boolean));
    expect(FUSES['strictlyRequireAllFuses']).toBe(true);
  });

  it('gives file:// no extra privileges and turns off the Node entry points', () => {
    expect(FUSES[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(false);
    expect(FUSES[FuseV1Options.RunAsNode]).toBe(false);
    expect(FUSES[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(false);
    expect(FUSES[FuseV1Options.EnableNodeCliInspectArguments]).toBe(false);
    expect(FUSES[FuseV1Options.OnlyLoadAppFromAsar]).toBe(true);
    expect(FUSES[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(true);
  });
});
