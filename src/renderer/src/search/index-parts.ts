import type { StoredPart } from '../repos/search-index-repo';
import { BUFFER_NAMES, IndexCorruptError, type BufferName, type StoredIndex, type StoredIndexMeta } from './engine';

/**
 * The saved index as IndexedDB records: one per buffer (so a cold start reads a few large
 * records, not a million rows) and one JSON record tying them together with the watermark (the
 * last chunk the saved index covers).
 */
const META = 'meta';
const bufferPart = (name: BufferName) => `buffer:${name}`;

export function toParts(stored: StoredIndex, watermark: number): StoredPart[] {
  return [
    { name: META, data: JSON.stringify({ meta: stored.meta, watermark }) },
    ...BUFFER_NAMES.map((n) => ({ name: bufferPart(n), data: stored.buffers[n] })),
  ];
}

export function fromParts(parts: StoredPart[]): { stored: StoredIndex; watermark: number } {
  const byName = new Map(parts.map((p) => [p.name, p.data]));
  const metaText = byName.get(META);
  if (typeof metaText !== 'string') throw new IndexCorruptError('its description record is missing');
  let parsed: { meta?: StoredIndexMeta; watermark?: unknown };
  try {
    parsed = JSON.parse(metaText) as typeof parsed;
  } catch {
    throw new IndexCorruptError('its description record is not readable');
  }
  if (
    !parsed.meta ||
    typeof parsed.watermark !== 'number' ||
    !Number.isSafeInteger(parsed.watermark) ||
    parsed.watermark < 0
  ) {
    throw new IndexCorruptError('its description record is incomplete');
  }
  const buffers = {} as Record<BufferName, ArrayBuffer>;
  for (const n of BUFFER_NAMES) {
    const b = byName.get(bufferPart(n));
    if (!(b instanceof ArrayBuffer)) throw new IndexCorruptError(`its ${n} record is missing`);
    buffers[n] = b;
  }
  return { stored: { meta: parsed.meta, buffers }, watermark: parsed.watermark };
}
