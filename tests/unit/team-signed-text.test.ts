import { describe, expect, it } from 'vitest';
import { readSignedText, signedText } from '../../src/shared/team/signed-text';
import { groupFingerprint } from '../../src/shared/team/fingerprint';
import { fingerprint, loadSigningKey, newSigningKey, nodeTeamCrypto } from '../../src/main/workspace/keys';
import { scramVerifier } from '../../src/main/workspace/scram';
import { testKey } from '../support/team-fixtures';
import { createHash, createHmac, pbkdf2Sync } from 'node:crypto';

const decision = {
  workspace: '0a6f1c2e-8d7b-4c1a-9e3f-5b2d7c9e1f00',
  id: '33333333-3333-4333-8333-000000000001',
  row: '11111111-1111-4111-8111-111111111111',
  payloadHash: 'a'.repeat(64),
  service: 'https://api.example.test',
  policyVersion: 2,
  decision: 'approve' as const,
  by: '00000000-0000-4000-8000-000000000001',
  at: '2025-06-16T09:30:00.000Z',
};

describe('the text a member signs', () => {
  it('is the kind line, then the body as sorted JSON with no spaces (the bytes docs/team-workspace.md gives)', () => {
    expect(signedText('decision', decision)).toBe(
      'treasury-team/1 decision\n' +
        '{"at":"2025-06-16T09:30:00.000Z","by":"00000000-0000-4000-8000-000000000001","decision":"approve","id":"33333333-3333-4333-8333-000000000001",' +
        `"payloadHash":"${'a'.repeat(64)}","policyVersion":2,"row":"11111111-1111-4111-8111-111111111111","service":"https://api.example.test","workspace":"0a6f1c2e-8d7b-4c1a-9e3f-5b2d7c9e1f00"}`,
    );
  });

  it('is read back only as written: right kind, canonical form, known fields', () => {
    const text = signedText('decision', decision);
    expect(readSignedText('decision', text)).toEqual({ ok: true, body: decision });
    expect(readSignedText('draft', text)).toEqual({ ok: false, problem: 'it is not a draft statement' });
    expect(readSignedText('decision', text.replace('{"at"', '{ "at"'))).toMatchObject({
      ok: false,
      problem: 'its text is not written the way the app writes it',
    });
    const extra = signedText('decision', { ...decision, extra: 1 } as typeof decision);
    expect(readSignedText('decision', extra)).toMatchObject({ ok: false });
  });
});

describe("a statement of a row's history", () => {
  const claim = {
    workspace: decision.workspace,
    id: '55555555-5555-4555-8555-000000000001',
    row: decision.row,
    payloadHash: 'a'.repeat(64),
    by: decision.by,
    at: decision.at,
    dir: { seq: 4, hash: 'b'.repeat(64) },
    event: 'claim' as const,
    fence: 1,
  };

  it('is the row kind line, then the body with the directory head its signer verified', () => {
    const text = signedText('row', claim);
    expect(text).toBe(
      'treasury-team/1 row\n' +
        `{"at":"2025-06-16T09:30:00.000Z","by":"00000000-0000-4000-8000-000000000001","dir":{"hash":"${'b'.repeat(64)}","seq":4},"event":"claim","fence":1,` +
        `"id":"55555555-5555-4555-8555-000000000001","payloadHash":"${'a'.repeat(64)}","row":"11111111-1111-4111-8111-111111111111","workspace":"0a6f1c2e-8d7b-4c1a-9e3f-5b2d7c9e1f00"}`,
    );
    expect(readSignedText('row', text)).toEqual({ ok: true, body: claim });
  });

  it('is not read without the directory head, or with a fencing number no claim gets', () => {
    const { dir: _dropped, ...headless } = claim;
    expect(readSignedText('row', signedText('row', headless as typeof claim))).toMatchObject({ ok: false });
    expect(readSignedText('row', signedText('row', { ...claim, fence: 0 }))).toMatchObject({ ok: false });
    expect(readSignedText('row', signedText('decision', decision))).toEqual({
      ok: false,
      problem: 'it is not a row statement',
    });
  });
});

describe("a desktop's signing key", () => {
  it('signs what any Ed25519 verifier accepts, and survives the keychain round trip', () => {
    const made = newSigningKey();
    const back = loadSigningKey(made.stored);
    expect(back?.publicKey).toBe(made.key.publicKey);
    const sig = back?.sign('hello') ?? '';
    expect(nodeTeamCrypto.verify(made.key.publicKey, 'hello', sig)).toBe(true);
    expect(nodeTeamCrypto.verify(made.key.publicKey, 'hellO', sig)).toBe(false);
    expect(nodeTeamCrypto.verify(testKey().publicKey, 'hello', sig)).toBe(false);
    expect(loadSigningKey('not a key')).toBeNull();
  });

  it('has a fingerprint of 16 groups of 4: SHA-256 of the raw 32-byte key', () => {
    const k = testKey();
    const hex = createHash('sha256').update(Buffer.from(k.publicKey, 'base64')).digest('hex').toUpperCase();
    const fp = fingerprint(k.publicKey);
    expect(fp.split(' ')).toHaveLength(16);
    expect(fp.replaceAll(' ', '')).toBe(hex);
    expect(groupFingerprint('ab12cd34')).toBe('AB12 CD34');
  });
});

describe('a new login password', () => {
  it('reaches the server only as the SCRAM-SHA-256 verifier of RFC 7677', () => {
    const salt = Buffer.from('0123456789abcdef');
    const v = scramVerifier('pencil', salt, 4096);
    const salted = pbkdf2Sync('pencil', salt, 4096, 32, 'sha256');
    const stored = createHash('sha256')
      .update(createHmac('sha256', salted).update('Client Key').digest())
      .digest('base64');
    const server = createHmac('sha256', salted).update('Server Key').digest('base64');
    expect(v).toBe(`SCRAM-SHA-256$4096:${salt.toString('base64')}$${stored}:${server}`);
    expect(v).not.toContain('pencil');
  });
});
