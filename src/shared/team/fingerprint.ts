/**
 * A key's fingerprint as people compare it, read aloud or side by side: the SHA-256 of the raw
 * public key in upper-case hex, in groups of four (`AB12 CD34 …`, 16 groups).
 */
export function groupFingerprint(sha256Hex: string): string {
  return (sha256Hex.toUpperCase().match(/.{1,4}/g) ?? []).join(' ');
}
