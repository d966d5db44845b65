/**
 * An API key kept together with the addresses it was entered for. The keychain (or session
 * memory) holds both in one value, written in one operation, so whoever reads the key reads the
 * address it belongs to in the same step: a client made for one address can tell a key saved for
 * another one and refuse it, however reads and writes interleave.
 */
export interface KeyAddress {
  baseUrl: string;
  vaultUrl: string;
}

export interface BoundKey extends KeyAddress {
  key: string;
}

// A prefix no API key starts with, so a value saved before keys carried their address (a bare
// key) is told apart from an envelope without guessing from its JSON shape.
const PREFIX = 'treasury-key/1:';

export function encodeBoundKey(bound: BoundKey): string {
  return PREFIX + JSON.stringify({ baseUrl: bound.baseUrl, vaultUrl: bound.vaultUrl, key: bound.key });
}

/** The stored value read back: a bound key, or `legacy` for a bare key saved by an older version. */
export function decodeBoundKey(stored: string): BoundKey | { legacy: string } {
  if (!stored.startsWith(PREFIX)) return { legacy: stored };
  try {
    const v: unknown = JSON.parse(stored.slice(PREFIX.length));
    if (typeof v === 'object' && v !== null) {
      const { baseUrl, vaultUrl, key } = v as Record<string, unknown>;
      if (typeof baseUrl === 'string' && typeof vaultUrl === 'string' && typeof key === 'string')
        return { baseUrl, vaultUrl, key };
    }
  } catch {
    // Falls through: a damaged entry is no key at all, never a key for "any address".
  }
  return { baseUrl: '', vaultUrl: '', key: '' };
}

export function sameAddress(a: KeyAddress, b: KeyAddress): boolean {
  return a.baseUrl === b.baseUrl && a.vaultUrl === b.vaultUrl;
}
