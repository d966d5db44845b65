import { describe, expect, it } from 'vitest';
import { addressNotAsTyped, displayAddress } from '../../src/shared/service-url';

describe('displayAddress: the host a key would really go to', () => {
  it('shows a look-alike host (Cyrillic а in аpple.com) in its ASCII form', () => {
    expect(displayAddress('https://\u0430pple.com')).toBe('https://xn--pple-43d.com');
    expect(displayAddress('https://\u0430pple.com/v1/')).toBe('https://xn--pple-43d.com/v1');
    expect(displayAddress('https://bücher.example:8443/api')).toBe('https://xn--bcher-kva.example:8443/api');
  });

  it('shows the host, not a user part that looks like one', () => {
    expect(displayAddress('https://apple.com@evil.example')).toBe('https://evil.example');
  });

  it('leaves ASCII addresses as they are, and text that is not a URL untouched', () => {
    expect(displayAddress('https://api.example.com')).toBe('https://api.example.com');
    expect(displayAddress('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
    expect(displayAddress('not a url')).toBe('not a url');
  });

  it('says when the typed address is not what it looks like', () => {
    expect(addressNotAsTyped('https://\u0430pple.com')).toBe('https://xn--pple-43d.com');
    expect(addressNotAsTyped('https://apple.com')).toBeNull();
    expect(addressNotAsTyped('https://apple.com/')).toBeNull();
    expect(addressNotAsTyped('')).toBeNull();
  });
});
