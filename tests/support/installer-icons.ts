import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Configuration } from 'electron-builder';
import { readIcns, readIco, readPng, type PngInfo } from './image-files';

/**
 * What each target needs of the icons, and the checks that read them (installer-config and
 * installer-icons tests). Every check returns its problems in words, each naming the file; none
 * is a pass.
 */

/** Linux's icon set: hicolor's sizes up to 512, and 1024 for the largest displays. */
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
/** Windows: the small icon at 100-200 % DPI (16-32), the large one at 100-200 % (32-64), 128 and 256 (electron-builder's minimum). */
export const ICO_SIZES = [16, 20, 24, 32, 40, 48, 64, 128, 256];
/** macOS: each PNG type of an .icns and its pixel size (Apple's: ic11-ic14 are the @2x of 16, 32, 128 and 256 points). */
export const ICNS_SIZES: Record<string, number> = {
  ic11: 32,
  ic12: 64,
  ic07: 128,
  ic13: 256,
  ic08: 256,
  ic14: 512,
  ic09: 512,
  ic10: 1024,
};
/** The tray: a PNG per display scale (Linux), an .ico with the small icon's sizes (Windows). */
export const TRAY_PNGS: Record<string, number> = {
  'tray.png': 16,
  'tray@1.25x.png': 20,
  'tray@1.5x.png': 24,
  'tray@2x.png': 32,
};
export const TRAY_ICO_SIZES = [16, 20, 24, 32];

/** Transparent corners need an alpha channel: 8-bit RGBA. */
function pixelProblems(png: PngInfo, what: string): string[] {
  return png.colourType === 6 && png.bitDepth === 8
    ? []
    : [`${what}: colour type ${png.colourType} at ${png.bitDepth} bits, not 8-bit RGBA`];
}

async function read(root: string, file: string): Promise<Buffer | string> {
  try {
    return await readFile(join(root, file));
  } catch {
    return `${file}: missing`;
  }
}

/** Runs a reader, turning the fault it finds into a problem. */
function readWith<T>(reader: () => T): T | string {
  try {
    return reader();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export async function pngProblems(root: string, file: string, size: number): Promise<string[]> {
  const data = await read(root, file);
  if (typeof data === 'string') return [data];
  const png = readWith(() => readPng(data, file));
  if (typeof png === 'string') return [png];
  const problems = pixelProblems(png, file);
  if (png.width !== size || png.height !== size)
    problems.push(`${file}: ${png.width}x${png.height}, not ${size}x${size}`);
  return problems;
}

/** A folder of WxH.png files: each the size its name says, and every size Linux needs. */
export async function linuxIconSetProblems(root: string, dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(join(root, dir));
  } catch {
    return [`${dir}: missing`];
  }
  const problems: string[] = [];
  for (const size of LINUX_SIZES)
    if (!names.includes(`${size}x${size}.png`)) problems.push(`${dir}: no ${size}x${size}.png`);
  for (const name of names) {
    const named = /^(\d+)x(\d+)\.png$/.exec(name);
    if (!named || named[1] !== named[2]) {
      problems.push(`${dir}/${name}: not an icon of the set (named WxH.png, square)`);
      continue;
    }
    problems.push(...(await pngProblems(root, `${dir}/${name}`, Number(named[1]))));
  }
  return problems;
}

/** An .ico: exactly `sizes`, each entry's declared size its image's own, 32 bits a pixel. */
export async function icoProblems(root: string, file: string, sizes: number[]): Promise<string[]> {
  const data = await read(root, file);
  if (typeof data === 'string') return [data];
  const entries = readWith(() => readIco(data, file));
  if (typeof entries === 'string') return [entries];
  const problems: string[] = [];
  entries.forEach((e, i) => {
    const what = `${file} entry ${i}`;
    if (e.declaredWidth !== e.png.width || e.declaredHeight !== e.png.height)
      problems.push(
        `${what}: declares ${e.declaredWidth}x${e.declaredHeight}, its image is ${e.png.width}x${e.png.height}`,
      );
    if (e.png.width !== e.png.height) problems.push(`${what}: not square`);
    if (e.bitsPerPixel !== 32) problems.push(`${what}: ${e.bitsPerPixel} bits a pixel, not 32`);
    problems.push(...pixelProblems(e.png, what));
  });
  const found = entries.map((e) => e.png.width).sort((a, b) => a - b);
  if (found.join(',') !== sizes.join(',')) problems.push(`${file}: sizes ${found.join(', ')}, not ${sizes.join(', ')}`);
  return problems;
}

/** An .icns: every PNG type of ICNS_SIZES once, each image its type's size. */
export async function icnsProblems(root: string, file: string): Promise<string[]> {
  const data = await read(root, file);
  if (typeof data === 'string') return [data];
  const entries = readWith(() => readIcns(data, file));
  if (typeof entries === 'string') return [entries];
  const problems: string[] = [];
  for (const { type, png } of entries) {
    const size = ICNS_SIZES[type];
    if (size === undefined) problems.push(`${file}: unexpected entry ${type}`);
    else if (png.width !== size || png.height !== size)
      problems.push(`${file} ${type}: ${png.width}x${png.height}, its type is ${size}x${size}`);
    problems.push(...pixelProblems(png, `${file} ${type}`));
  }
  const types = entries.map((e) => e.type);
  for (const type of Object.keys(ICNS_SIZES))
    if (types.filter((t) => t === type).length !== 1)
      problems.push(`${file}: ${type} ${types.includes(type) ? 'more than once' : 'missing'}`);
  return problems;
}

/** Where an extraResources entry takes `packaged` (a path in the packaged resources folder) from; null when none does. */
export function packagedSource(config: Configuration, packaged: string): string | null {
  const raw = config.extraResources;
  const entries = raw == null ? [] : Array.isArray(raw) ? raw : [raw];
  for (const e of entries) {
    if (typeof e === 'string' || !e.from || !e.to) continue;
    if (packaged === e.to) return e.from;
    if (packaged.startsWith(`${e.to}/`)) return `${e.from}/${packaged.slice(e.to.length + 1)}`;
  }
  return null;
}

/** Every icon the configuration names (each target's app icon, the installer's, the dmg's) and the tray's. */
export async function iconProblems(root: string, config: Configuration): Promise<string[]> {
  const problems: string[] = [];
  const need = <T>(what: string, value: T | null | undefined): value is T => {
    if (value == null) problems.push(`${what} is not set`);
    return value != null;
  };
  const linux = config.linux?.icon;
  if (need('linux.icon', linux)) problems.push(...(await linuxIconSetProblems(root, linux)));
  for (const [what, file] of [
    ['win.icon', config.win?.icon],
    ['nsis.installerIcon', config.nsis?.installerIcon],
    ['nsis.uninstallerIcon', config.nsis?.uninstallerIcon],
  ] as const) {
    if (need(what, file)) problems.push(...(await icoProblems(root, file, ICO_SIZES)));
  }
  for (const [what, file] of [
    ['mac.icon', config.mac?.icon],
    ['dmg.icon', config.dmg?.icon],
  ] as const) {
    if (need(what, file)) problems.push(...(await icnsProblems(root, file)));
  }
  for (const [name, size] of Object.entries(TRAY_PNGS))
    problems.push(...(await pngProblems(root, `resources/tray/${name}`, size)));
  problems.push(...(await icoProblems(root, 'resources/tray/tray.ico', TRAY_ICO_SIZES)));
  return problems;
}
