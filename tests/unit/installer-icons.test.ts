import { copyFile, cp, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Configuration } from 'electron-builder';
import { afterEach, describe, expect, it } from 'vitest';
import { iconProblems } from '../support/installer-icons';

// The icon checks of installer-config.test.ts find a wrong icon: each case copies resources/,
// spoils one file the way a mistake would, and expects the problem in words. The configuration
// is the icon part of electron-builder.yml, stated here so the cases do not depend on its other keys.

const root = resolve(import.meta.dirname, '../..');
const CONFIG: Configuration = {
  linux: { icon: 'resources/icons' },
  win: { icon: 'resources/icon.ico' },
  nsis: { installerIcon: 'resources/icon.ico', uninstallerIcon: 'resources/icon.ico' },
  mac: { icon: 'resources/icon.icns' },
  dmg: { icon: 'resources/icon.icns' },
};

let copy = '';
afterEach(async () => {
  if (copy) await rm(copy, { recursive: true, force: true });
  copy = '';
});

/** A copy of the repository's resources/ to spoil. */
async function resources(): Promise<string> {
  copy = await mkdtemp(join(tmpdir(), 'treasury-icons-'));
  await cp(join(root, 'resources'), join(copy, 'resources'), { recursive: true });
  return copy;
}

/** Rewrites bytes of a copied file. */
async function patch(dir: string, file: string, change: (data: Buffer) => void): Promise<void> {
  const data = await readFile(join(dir, file));
  change(data);
  await writeFile(join(dir, file), data);
}

/** Where an .icns entry of `type` starts. */
function icnsEntry(data: Buffer, type: string): number {
  for (let at = 8; at < data.length; at += data.readUInt32BE(at + 4))
    if (data.toString('latin1', at, at + 4) === type) return at;
  throw new Error(`no ${type}`);
}

describe('a wrong icon is reported, naming the file', () => {
  it('the repository as it is: no problem', async () => {
    expect(await iconProblems(root, CONFIG)).toEqual([]);
  });

  it('a Linux icon of another size than its name, and a missing size', async () => {
    const dir = await resources();
    await copyFile(join(dir, 'resources/icons/64x64.png'), join(dir, 'resources/icons/48x48.png'));
    await unlink(join(dir, 'resources/icons/1024x1024.png'));
    expect(await iconProblems(dir, CONFIG)).toEqual([
      'resources/icons: no 1024x1024.png',
      'resources/icons/48x48.png: 64x64, not 48x48',
    ]);
  });

  it('an .ico entry whose directory declares another size than its image', async () => {
    const dir = await resources();
    // Entry 0's width byte, in the directory after the 6-byte header.
    await patch(dir, 'resources/icon.ico', (d) => d.writeUInt8(20, 6));
    const problems = await iconProblems(dir, CONFIG);
    expect(problems).toContain('resources/icon.ico entry 0: declares 20x16, its image is 16x16');
    // Named once for each place the configuration uses it (app, installer, uninstaller).
    expect(problems).toHaveLength(3);
  });

  it('an .ico without its 256 px entry', async () => {
    const dir = await resources();
    await patch(dir, 'resources/icon.ico', (d) => d.writeUInt16LE(d.readUInt16LE(4) - 1, 4));
    expect(await iconProblems(dir, CONFIG)).toContain(
      'resources/icon.ico: sizes 16, 20, 24, 32, 40, 48, 64, 128, not 16, 20, 24, 32, 40, 48, 64, 128, 256',
    );
  });

  it('an .icns entry whose type says another size than its image', async () => {
    const dir = await resources();
    await patch(dir, 'resources/icon.icns', (d) => d.write('ic08', icnsEntry(d, 'ic07'), 'latin1'));
    // The dmg's volume icon is left out, so the .icns is named once.
    const problems = await iconProblems(dir, { ...CONFIG, dmg: {} });
    expect(problems).toEqual([
      'resources/icon.icns ic08: 128x128, its type is 256x256',
      'resources/icon.icns: ic07 missing',
      'resources/icon.icns: ic08 more than once',
      'dmg.icon is not set',
    ]);
  });

  it('a tray icon of the wrong scale, and a damaged PNG', async () => {
    const dir = await resources();
    await copyFile(join(dir, 'resources/tray/tray@1.5x.png'), join(dir, 'resources/tray/tray.png'));
    // A byte of the 2x tray image's pixels changes: its IDAT no longer matches its CRC.
    await patch(dir, 'resources/tray/tray@2x.png', (d) => {
      const at = d.indexOf('IDAT', 0, 'latin1') + 8;
      d.writeUInt8((d.readUInt8(at) + 1) % 256, at);
    });
    expect(await iconProblems(dir, CONFIG)).toEqual([
      'resources/tray/tray.png: 24x24, not 16x16',
      'resources/tray/tray@2x.png: chunk IDAT fails its CRC',
    ]);
  });

  it('a target whose icon is not set', async () => {
    expect(await iconProblems(root, { ...CONFIG, win: {} })).toEqual(['win.icon is not set']);
  });
});
