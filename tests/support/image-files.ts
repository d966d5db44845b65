import { crc32 } from 'node:zlib';

/**
 * Readers of the icon files the installers ship, written for the tests and apart from the
 * script that writes them (scripts/make-icons.mjs): each says what the file itself declares,
 * and refuses a file that is not well formed, naming the file and the fault.
 */

export interface PngInfo {
  width: number;
  height: number;
  bitDepth: number;
  /** 6: truecolour with alpha. */
  colourType: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's size from its IHDR, after every chunk's CRC is checked and the file ends with IEND. */
export function readPng(data: Buffer, what: string): PngInfo {
  if (data.length < 8 || !data.subarray(0, 8).equals(PNG_SIGNATURE))
    throw new Error(`${what}: not a PNG (no PNG signature)`);
  let at = 8;
  let header: PngInfo | null = null;
  let ended = false;
  while (at < data.length) {
    if (ended) throw new Error(`${what}: bytes after IEND`);
    if (at + 12 > data.length) throw new Error(`${what}: a chunk is cut off at byte ${at}`);
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > data.length) throw new Error(`${what}: chunk ${type} runs past the end of the file`);
    const body = data.subarray(at + 8, at + 8 + length);
    if (crc32(data.subarray(at + 4, at + 8 + length)) !== data.readUInt32BE(at + 8 + length))
      throw new Error(`${what}: chunk ${type} fails its CRC`);
    if (header === null && type !== 'IHDR') throw new Error(`${what}: the first chunk is ${type}, not IHDR`);
    if (type === 'IHDR') {
      if (length !== 13) throw new Error(`${what}: IHDR is ${length} bytes, not 13`);
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body.readUInt8(8),
        colourType: body.readUInt8(9),
      };
    }
    if (type === 'IEND') ended = true;
    at = end;
  }
  if (!header || !ended) throw new Error(`${what}: no IHDR or no IEND`);
  return header;
}

export interface IcoEntry {
  /** What the directory says (its byte 0 stands for 256). */
  declaredWidth: number;
  declaredHeight: number;
  bitsPerPixel: number;
  /** What the image itself says. */
  png: PngInfo;
}

/** An .ico's directory and each image's own header (PNG-compressed entries, as Windows reads since Vista). */
export function readIco(data: Buffer, what: string): IcoEntry[] {
  if (data.length < 6 || data.readUInt16LE(0) !== 0 || data.readUInt16LE(2) !== 1)
    throw new Error(`${what}: not an icon file (reserved 0, type 1)`);
  const count = data.readUInt16LE(4);
  if (6 + 16 * count > data.length)
    throw new Error(`${what}: the directory of ${count} entries runs past the end of the file`);
  const entries: IcoEntry[] = [];
  for (let i = 0; i < count; i++) {
    const at = 6 + 16 * i;
    const size = data.readUInt32LE(at + 8);
    const offset = data.readUInt32LE(at + 12);
    if (offset < 6 + 16 * count || offset + size > data.length)
      throw new Error(`${what}: entry ${i} points outside the file`);
    entries.push({
      declaredWidth: data.readUInt8(at) || 256,
      declaredHeight: data.readUInt8(at + 1) || 256,
      bitsPerPixel: data.readUInt16LE(at + 6),
      png: readPng(data.subarray(offset, offset + size), `${what} entry ${i}`),
    });
  }
  return entries;
}

export interface IcnsEntry {
  type: string;
  png: PngInfo;
}

/** An .icns: its declared length, then each entry's type and the PNG it holds. */
export function readIcns(data: Buffer, what: string): IcnsEntry[] {
  if (data.length < 8 || data.toString('latin1', 0, 4) !== 'icns')
    throw new Error(`${what}: not an icns file (no 'icns' magic)`);
  if (data.readUInt32BE(4) !== data.length)
    throw new Error(`${what}: declares ${data.readUInt32BE(4)} bytes but has ${data.length}`);
  const entries: IcnsEntry[] = [];
  let at = 8;
  while (at < data.length) {
    if (at + 8 > data.length) throw new Error(`${what}: an entry head is cut off at byte ${at}`);
    const type = data.toString('latin1', at, at + 4);
    const length = data.readUInt32BE(at + 4);
    if (length < 8 || at + length > data.length)
      throw new Error(`${what}: entry ${type} declares ${length} bytes, which do not fit`);
    entries.push({ type, png: readPng(data.subarray(at + 8, at + length), `${what} ${type}`) });
    at += length;
  }
  return entries;
}
