import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrDrawing, qrMatrix, qrPath } from '../../src/renderer/src/accounts/model/offramp-qr';
import { decodePath } from '../e2e/harness/offramp-qr';

// What the screen draws is the SVG path of qrPath; it is read back into pixels with the quiet
// zone and decoded by jsQR: the string found must be the address, character for character.
function decode(text: string): string | undefined {
  const matrix = qrMatrix(text);
  return decodePath(qrPath(matrix), matrix.size, QUIET_ZONE);
}

describe('the QR code of a wallet address', () => {
  it('decodes back to the exact address (as the sandbox makes them: 0x and 40 hex digits)', () => {
    for (const address of [
      '0x3f5ce5fbfe3e9af3971dd833d26ba9b5c936f0be',
      '0xAbCdEf0123456789aBcDeF0123456789ABCDEF01',
      '0x0000000000000000000000000000000000000000',
    ]) {
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

  it('a drawing with its top-left finder pattern broken does not read as the address (the decode check can fail)', () => {
    const address = '0x3f5ce5fbfe3e9af3971dd833d26ba9b5c936f0be';
    const m = qrMatrix(address);
    const path = qrPath(m);
    const broken = path.replace(/^M0 0h7v1h-7z/, 'M0 0h1v1h-1z');
    expect(broken).not.toBe(path);
    expect(decodePath(broken, m.size, QUIET_ZONE)).not.toBe(address);
  });

  it('gives a reason, not a throw, for text a QR code cannot hold', () => {
    expect(() => qrMatrix('')).toThrow();
    expect(qrDrawing('')).toEqual({ ok: false, reason: 'there is no address to encode' });
    const long = qrDrawing('x'.repeat(5000));
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.reason).toMatch(/^it cannot be encoded \(.+\)$/);
    const fine = qrDrawing('0x3f5ce5fbfe3e9af3971dd833d26ba9b5c936f0be');
    expect(fine.ok && decodePath(qrPath(fine.matrix), fine.matrix.size, QUIET_ZONE)).toBe(
      '0x3f5ce5fbfe3e9af3971dd833d26ba9b5c936f0be',
    );
  });
});
