import { describe, expect, it } from 'vitest';
import { rememberingVerify } from '../../src/main/workspace/remembered-verify';

// The workspace's signature check remembers its answers (every read of the queue judges the same
// statements again); a stand-in check counts what really gets checked.

function counting(valid: (key: string, text: string, sig: string) => boolean) {
  const calls: string[] = [];
  return {
    calls,
    check: (key: string, text: string, sig: string) => (calls.push(`${key}|${text}|${sig}`), valid(key, text, sig)),
  };
}

describe('a signature check that remembers its answers', () => {
  it('checks a statement once however often it is read, with the same answer, yes or no', () => {
    const c = counting((_k, text) => text === 'signed');
    const verify = rememberingVerify(c.check);
    expect([
      verify('K', 'signed', 'S'),
      verify('K', 'signed', 'S'),
      verify('K', 'forged', 'S'),
      verify('K', 'forged', 'S'),
    ]).toEqual([true, true, false, false]);
    expect(c.calls).toEqual(['K|signed|S', 'K|forged|S']);
  });

  it('checks afresh when the key, the signature or a single character of the text differs', () => {
    const c = counting((k, text, sig) => k === 'K' && text === 'signed' && sig === 'S');
    const verify = rememberingVerify(c.check);
    expect(verify('K', 'signed', 'S')).toBe(true);
    expect([verify('K2', 'signed', 'S'), verify('K', 'signed', 'S2'), verify('K', 'signeD', 'S')]).toEqual([
      false,
      false,
      false,
    ]);
    expect(c.calls).toHaveLength(4);
  });

  it('forgets the oldest answers past its bound, and checks them again when asked', () => {
    const c = counting(() => true);
    const verify = rememberingVerify(c.check, 2);
    verify('K', 'a', 'S');
    verify('K', 'b', 'S');
    verify('K', 'c', 'S');
    verify('K', 'c', 'S');
    verify('K', 'a', 'S');
    expect(c.calls).toEqual(['K|a|S', 'K|b|S', 'K|c|S', 'K|a|S']);
  });
});
