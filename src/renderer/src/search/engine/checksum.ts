/**
 * A 32-bit checksum of a saved buffer, about 1 ns per 4 bytes. Each step (xor a word, multiply by
 * an odd constant, rotate) is a bijection of the running state for a fixed word and injective in
 * the word for a fixed state, so any change confined to one word always changes the result; other
 * damage goes unnoticed with odds of about 1 in 4 billion, and the structural checks on load catch
 * what would make answers wrong or crash.
 */
export function checksum(buffer: ArrayBuffer): number {
  const words = new Uint32Array(buffer, 0, buffer.byteLength >>> 2);
  let h = 0x811c9dc5 ^ buffer.byteLength;
  for (let i = 0; i < words.length; i++) {
    h = Math.imul(h ^ (words[i] as number), 0x9e3779b1);
    h = (h << 13) | (h >>> 19);
  }
  const tail = new Uint8Array(buffer, words.length << 2);
  for (let i = 0; i < tail.length; i++) {
    h = Math.imul(h ^ (tail[i] as number), 0x9e3779b1);
    h = (h << 13) | (h >>> 19);
  }
  return h >>> 0;
}
