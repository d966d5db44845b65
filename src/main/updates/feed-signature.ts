import { createPublicKey, verify } from 'node:crypto';

/** An Ed25519 signature is 64 bytes: base64 of those, as scripts/sign-feed.mjs writes it. */
const SIGNATURE = /^[A-Za-z0-9+/]{86}==$/;

/**
 * Whether `signature` (the `.sig` file's text) is the key's Ed25519 signature over the feed's
 * exact bytes. Anything else (no signature, a malformed one, another key's) is false.
 */
export function feedSignatureValid(feed: Uint8Array, signature: string, publicKeyPem: string): boolean {
  const text = signature.trim();
  if (!SIGNATURE.test(text)) return false;
  const key = createPublicKey(publicKeyPem);
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error('The update feed key built into the app is not an Ed25519 key.');
  return verify(null, feed, key, Buffer.from(text, 'base64'));
}
