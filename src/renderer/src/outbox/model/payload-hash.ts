import { canonicalJson, sha256Hex } from '../../../../shared/canonical-json';

// Written once in src/shared: the team workspace hashes and signs the same canonical text.
export { canonicalJson, sha256Hex };

/** SHA-256 (hex) of the canonical payload. */
export function payloadHash(payload: unknown): Promise<string> {
  return sha256Hex(canonicalJson(payload));
}
