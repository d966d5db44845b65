import { deflateRawSync } from 'node:zlib';

/**
 * A zip of a few files, built in memory: enough for a support bundle (some megabytes of logs and
 * small text files), with no dependency. Each file is deflated (or stored when that is smaller),
 * with its CRC-32, in the plain PKZIP layout every unzip reads: local headers, the central
 * directory, its end record. No zip64 (a bundle stays far below 4 GB), no encryption.
 */

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** The file's time; the zip keeps it to two seconds, in local time, as DOS did. */
  modifiedAt: Date;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function dosTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

const UTF8_NAMES = 0x0800;

interface HeaderFields {
  method: number;
  time: number;
  date: number;
  crc: number;
  size: number;
  length: number;
  name: Buffer;
}

/** The run of fields the local header and the central directory share, from "version needed" to the name's length. */
function writeShared(buf: Buffer, at: number, f: HeaderFields): void {
  buf.writeUInt16LE(20, at); // version needed: 2.0 (deflate)
  buf.writeUInt16LE(UTF8_NAMES, at + 2);
  buf.writeUInt16LE(f.method, at + 4);
  buf.writeUInt16LE(f.time, at + 6);
  buf.writeUInt16LE(f.date, at + 8);
  buf.writeUInt32LE(f.crc, at + 10);
  buf.writeUInt32LE(f.size, at + 14);
  buf.writeUInt32LE(f.length, at + 18);
  buf.writeUInt16LE(f.name.length, at + 22);
}

export function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    if (entry.name.startsWith('/') || entry.name.includes('..') || entry.name.includes('\\'))
      throw new Error(`zip: "${entry.name}" is not a plain relative name`);
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const deflated = deflateRawSync(entry.data);
    const stored = deflated.length >= entry.data.length;
    const body = stored ? entry.data : deflated;
    const method = stored ? 0 : 8;
    const { time, date } = dosTime(entry.modifiedAt);

    const fields: HeaderFields = { method, time, date, crc, size: body.length, length: entry.data.length, name };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeShared(local, 4, fields);
    locals.push(local, name, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(0x0314, 4); // made by: Unix, 2.0 (so the mode below is read)
    writeShared(central, 6, fields);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a plain file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);

    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
