import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrMatrix, qrPath } from '../../src/renderer/src/accounts/model/offramp-qr';

/**
 * What the screen draws is the SVG path of qrPath; this reads that path back into pixels (a
 * white page with the quiet zone, `scale` pixels a module) and lets jsQR, a reader written by
 * others, decode it: the string it finds must be the address, character for character.
 */
function rasterise(path: string, size: number, scale = 4): { data: Uint8ClampedArray; width: number } {
  const width = (size + 2 * QUIET_ZONE) * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  const segments = [...path.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)];
  // Every character of the path is one of these segments: nothing else is drawn.
  expect(segments.map((m) => m[0]).join('')).toBe(path);
  for (const [, xs, ys, ws] of segments) {
    const x0 = Number(xs) + QUIET_ZONE;
    const y0 = Number(ys) + QUIET_ZONE;
    for (let py = y0 * scale; py < (y0 + 1) * scale; py++) {
      for (let px = x0 * scale; px < (x0 + Number(ws)) * scale; px++) {
        const i = (py * width + px) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  }
  return { data, width };
}

function decode(text: string): string | undefined {
  const matrix = qrMatrix(text);
  const { data, width } = rasterise(qrPath(matrix), matrix.size);
  return jsQR(data, width, width)?.data;
}

describe('the QR code of a wallet address', () => {
  it('decodes back to the exact address (as the sandbox makes them: 0x and 40 hex digits)', () => {
    for (const address of ['0x3f5ce5fbfe3e9af3971dd833d26ba9b5c936f0be', '0xAbCdEf0123456789aBcDeF0123456789ABCDEF01', '0x0000000000000000000000000000000000000000']) {
      expect(decode(address)).toBe(address);
    }
  });

  it('decodes back an address of another form (a longer, mixed-case base58 string)', () => {
    const address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE7xq3ZPvH4mN8aB';
    expect(decode(address)).toBe(address);
  });

  it('differs between two addresses that differ in one character, and the path covers exactly the dark modules', () => {
    const a = qrMatrix('0x3f5ce5fbfe3e9af3971dd833d26ba9b5c936f0be');
    const b = qrMatrix('0x3f5ce5fbfe3e9af3971dd833d26ba9b5c936f0bf');
    expect(qrPath(a)).not.toBe(qrPath(b));
    const covered = [...qrPath(a).matchAll(/h(\d+)v/g)].reduce((n, m) => n + Number(m[1]), 0);
    expect(covered).toBe(a.dark.filter(Boolean).length);
  });
});
