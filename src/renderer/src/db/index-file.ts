/**
 * A profile's saved search index as one file in the Origin Private File System. IndexedDB hands
 * a large value back at about 150 MB/s (a million rows' index is ~175 MB: over a second of a cold
 * open); a worker reads an OPFS file through a sync access handle at memory-copy speed.
 *
 * The file: 'TSIX', a u32 format, a u32 header length, a JSON header (the stamp, and where each
 * part lies), then the parts at 8-byte boundaries. Writes go through createWritable(), which
 * replaces the file only when it closes: a crash leaves the old file or the new, never a mix.
 * Whether the file belongs to the cache beside it is the caller's business (the stamp).
 */

export interface FilePart {
  name: string;
  data: ArrayBuffer | string;
}

/** The file could not be used here (no OPFS, another window holds it): the caller falls back. */
export class IndexFileUnavailable extends Error {}

const DIR = 'search-index';
const MAGIC = 0x58495354; // 'TSIX' read little-endian
const FORMAT = 1;
const PREFIX_BYTES = 12;

interface PartEntry {
  name: string;
  text: boolean;
  at: number;
  bytes: number;
}
interface Header {
  stamp: string;
  parts: PartEntry[];
}

// The OPFS handles, typed by what this module uses (the DOM and WebWorker libs differ on them).
interface SyncHandle {
  getSize(): number;
  read(into: Uint8Array, options: { at: number }): number;
  close(): void;
}
interface Writable {
  write(data: ArrayBuffer | Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}
interface FileHandle {
  getFile(): Promise<Blob>;
  createWritable(options?: { keepExistingData?: boolean }): Promise<Writable>;
  createSyncAccessHandle?: () => Promise<SyncHandle>;
}
interface DirHandle {
  getDirectoryHandle(name: string, options?: { create?: boolean }): Promise<DirHandle>;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<FileHandle>;
  removeEntry(name: string, options?: { recursive?: boolean }): Promise<void>;
}

const fileName = (profileId: string) => `${encodeURIComponent(profileId)}.index`;

async function directory(create: boolean): Promise<DirHandle> {
  const storage = (globalThis.navigator as { storage?: { getDirectory?: () => Promise<DirHandle> } } | undefined)
    ?.storage;
  if (!storage?.getDirectory) throw new IndexFileUnavailable('this window has no private file system');
  try {
    const root = await storage.getDirectory();
    return await root.getDirectoryHandle(DIR, { create });
  } catch (error) {
    throw new IndexFileUnavailable(error instanceof Error ? error.message : String(error));
  }
}

const isNotFound = (error: unknown) => error instanceof DOMException && error.name === 'NotFoundError';

/** Writes the parts under a new stamp, replacing the profile's file in one step. */
export async function writeIndexFile(profileId: string, stamp: string, parts: FilePart[]): Promise<void> {
  const dir = await directory(true);
  const encoder = new TextEncoder();
  const bodies = parts.map((p) => (typeof p.data === 'string' ? encoder.encode(p.data) : new Uint8Array(p.data)));
  const entries: PartEntry[] = [];
  let at = 0;
  parts.forEach((p, i) => {
    const bytes = (bodies[i] as Uint8Array).byteLength;
    entries.push({ name: p.name, text: typeof p.data === 'string', at, bytes });
    at += align8(bytes);
  });
  const header = encoder.encode(JSON.stringify({ stamp, parts: entries } satisfies Header));
  const prefix = new DataView(new ArrayBuffer(align8(PREFIX_BYTES + header.byteLength)));
  prefix.setUint32(0, MAGIC, true);
  prefix.setUint32(4, FORMAT, true);
  prefix.setUint32(8, header.byteLength, true);
  new Uint8Array(prefix.buffer).set(header, PREFIX_BYTES);

  let writable: Writable;
  try {
    writable = await (await dir.getFileHandle(fileName(profileId), { create: true })).createWritable();
  } catch (error) {
    throw new IndexFileUnavailable(error instanceof Error ? error.message : String(error));
  }
  try {
    await writable.write(prefix.buffer);
    for (const body of bodies) {
      await writable.write(body);
      const pad = align8(body.byteLength) - body.byteLength;
      if (pad > 0) await writable.write(new Uint8Array(pad));
    }
    await writable.close();
  } catch (error) {
    await writable.abort().catch(() => undefined);
    throw error;
  }
}

/** The profile's file: its stamp and parts; null when there is none or it is not one of ours. */
export async function readIndexFile(profileId: string): Promise<{ stamp: string; parts: FilePart[] } | null> {
  const dir = await directory(false).catch((error: unknown) => {
    if (error instanceof IndexFileUnavailable) return null;
    throw error;
  });
  if (!dir) return null;
  let handle: FileHandle;
  try {
    handle = await dir.getFileHandle(fileName(profileId));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw new IndexFileUnavailable(error instanceof Error ? error.message : String(error));
  }
  const reader = await openReader(handle);
  try {
    return await parse(reader);
  } finally {
    reader.close();
  }
}

/** Removes the profile's file (the profile was removed, the Demo reset); nothing when there is none. */
export async function deleteIndexFile(profileId: string): Promise<void> {
  const dir = await directory(false).catch(() => null);
  if (!dir) return;
  try {
    await dir.removeEntry(fileName(profileId));
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
}

/** The size of the profile's file in bytes, as the file system reports it; null when there is none (or no OPFS here). */
export async function indexFileBytes(profileId: string): Promise<number | null> {
  const dir = await directory(false).catch(() => null);
  if (!dir) return null;
  try {
    return (await (await dir.getFileHandle(fileName(profileId))).getFile()).size;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

interface Reader {
  size: number;
  read(at: number, bytes: number): Promise<ArrayBuffer>;
  close(): void;
}

/** A worker reads through a sync access handle (a copy into memory); a window through the File. */
async function openReader(handle: FileHandle): Promise<Reader> {
  if (handle.createSyncAccessHandle) {
    let sync: SyncHandle;
    try {
      sync = await handle.createSyncAccessHandle();
    } catch (error) {
      // Held by another worker (another window of the same profile): read it as a File instead.
      if (!(error instanceof DOMException && error.name === 'NoModificationAllowedError')) throw error;
      return fileReader(handle);
    }
    return {
      size: sync.getSize(),
      async read(at, bytes) {
        const out = new Uint8Array(bytes);
        if (sync.read(out, { at }) !== bytes) throw new RangeError('the file ends early');
        return out.buffer;
      },
      close: () => sync.close(),
    };
  }
  return fileReader(handle);
}

async function fileReader(handle: FileHandle): Promise<Reader> {
  const file = await handle.getFile();
  return {
    size: file.size,
    read: async (at, bytes) => {
      const out = await file.slice(at, at + bytes).arrayBuffer();
      if (out.byteLength !== bytes) throw new RangeError('the file ends early');
      return out;
    },
    close: () => undefined,
  };
}

async function parse(reader: Reader): Promise<{ stamp: string; parts: FilePart[] } | null> {
  if (reader.size < PREFIX_BYTES) return null;
  const prefix = new DataView(await reader.read(0, PREFIX_BYTES));
  if (prefix.getUint32(0, true) !== MAGIC || prefix.getUint32(4, true) !== FORMAT) return null;
  const headerBytes = prefix.getUint32(8, true);
  if (PREFIX_BYTES + headerBytes > reader.size) return null;
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder().decode(await reader.read(PREFIX_BYTES, headerBytes))) as Header;
  } catch {
    return null;
  }
  if (typeof header.stamp !== 'string' || !Array.isArray(header.parts)) return null;
  const base = align8(PREFIX_BYTES + headerBytes);
  const decoder = new TextDecoder();
  const parts: FilePart[] = [];
  for (const p of header.parts) {
    if (
      typeof p.name !== 'string' ||
      !Number.isSafeInteger(p.at) ||
      !Number.isSafeInteger(p.bytes) ||
      p.at < 0 ||
      p.bytes < 0
    )
      return null;
    if (base + p.at + p.bytes > reader.size) return null;
    const data = await reader.read(base + p.at, p.bytes);
    parts.push({ name: p.name, data: p.text ? decoder.decode(data) : data });
  }
  return { stamp: header.stamp, parts };
}

function align8(n: number): number {
  return Math.ceil(n / 8) * 8;
}
