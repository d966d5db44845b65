import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

const ITERATIONS = 4096;

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 5802, RFC 7677), made here so
 * that a new member's password reaches the server only in this form: the server, its logs and
 * anyone reading `pg_authid` see a salted hash, never the password.
 */
export function scramVerifier(password: string, salt = randomBytes(16), iterations = ITERATIONS): string {
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/** A password for a database login nobody types: 32 random bytes as text. */
export function newLoginPassword(): string {
  return randomBytes(32).toString('base64url');
}
