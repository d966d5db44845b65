import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { groupFingerprint } from '../../shared/team/fingerprint';
import type { TeamCrypto } from '../../shared/team/model';
import { rememberingVerify } from './remembered-verify';

/**
 * A member's Ed25519 signing key. The private half is made here, kept in the OS keychain as
 * PKCS#8 (base64) and never leaves main; the public half travels as its 32 raw bytes in base64.
 */
export interface SigningKey {
  /** Base64 of the raw 32-byte public key. */
  publicKey: string;
  sign(text: string): string;
}

// The fixed DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410): what comes before the 32 raw bytes.
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

function rawPublicKey(key: KeyObject): string {
  const der = key.export({ format: 'der', type: 'spki' });
  return der.subarray(SPKI_PREFIX.length).toString('base64');
}

function publicKeyObject(raw: string): KeyObject | null {
  const bytes = Buffer.from(raw, 'base64');
  if (bytes.length !== 32 || bytes.toString('base64') !== raw) return null;
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, bytes]), format: 'der', type: 'spki' });
}

function fromPrivate(privateKey: KeyObject): SigningKey {
  return {
    publicKey: rawPublicKey(createPublicKey(privateKey)),
    sign: (text) => sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64'),
  };
}

/** A new key pair: the signing key, and its private half as the keychain keeps it. */
export function newSigningKey(): { key: SigningKey; stored: string } {
  const { privateKey } = generateKeyPairSync('ed25519');
  return {
    key: fromPrivate(privateKey),
    stored: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  };
}

/** The signing key kept in the keychain; null when the entry is not one. */
export function loadSigningKey(stored: string): SigningKey | null {
  try {
    const key = createPrivateKey({ key: Buffer.from(stored, 'base64'), format: 'der', type: 'pkcs8' });
    return key.asymmetricKeyType === 'ed25519' ? fromPrivate(key) : null;
  } catch {
    return null;
  }
}

/** The fingerprint people compare: SHA-256 of the raw public key, grouped (`AB12 CD34 …`). */
export function fingerprint(publicKey: string): string {
  return groupFingerprint(createHash('sha256').update(Buffer.from(publicKey, 'base64')).digest('hex'));
}

/** node:crypto's, for the shared verification code. */
export const nodeTeamCrypto: TeamCrypto = {
  sha256Hex: (text) => createHash('sha256').update(text, 'utf8').digest('hex'),
  verify: rememberingVerify((publicKey, text, signature) => {
    const key = publicKeyObject(publicKey);
    const sig = Buffer.from(signature, 'base64');
    if (!key || sig.length !== 64) return false;
    try {
      return verify(null, Buffer.from(text, 'utf8'), key, sig);
    } catch {
      return false;
    }
  }),
};
