import type { TeamRowView } from '../../src/shared/ipc/workspace';
import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { DirectoryRow } from '../../src/shared/team/directory';
import type { MemberRecord, MemberRole, Policy } from '../../src/shared/team/model';
import { sortedJson, statement } from './signed-text';

/**
 * Signed statements for the pure team tests, made the long way with node:crypto (keys from JWK,
 * text written by hand-rolled sorted JSON), apart from the app's key and text code, so that a
 * mistake there cannot make both sides agree.
 */

export const WS = '0a6f1c2e-8d7b-4c1a-9e3f-5b2d7c9e1f00';
export const AT = '2025-06-16T09:30:00.000Z';

export interface TestKey {
  publicKey: string;
  private: KeyObject;
}

export function testKey(): TestKey {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x as string;
  return { publicKey: Buffer.from(x, 'base64url').toString('base64'), private: privateKey };
}

export { sortedJson, statement };

export function signWith(key: TestKey, text: string): string {
  return sign(null, Buffer.from(text, 'utf8'), key.private).toString('base64');
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface TestMember {
  record: MemberRecord;
  key: TestKey;
}

let n = 0;
export function member(name: string, role: MemberRole): TestMember {
  n++;
  const key = testKey();
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    key,
    record: {
      id,
      name,
      role,
      publicKey: key.publicKey,
      dbRole: `ws_m_${String(n).padStart(8, '0')}`,
      status: 'active',
    },
  };
}

/** Builds a directory log entry by entry, each chained to the one before and signed by `by`. */
export class LogBuilder {
  readonly rows: DirectoryRow[] = [];
  private prev = '';

  add(
    by: TestMember,
    entry: { entry: 'member'; member: MemberRecord } | { entry: 'policy'; policy: Policy },
    signer: TestKey = by.key,
  ): DirectoryRow {
    const seq = this.rows.length;
    const text = statement('directory', { workspace: WS, seq, prev: this.prev, at: AT, by: by.record.id, ...entry });
    const row = { seq, text, signature: signWith(signer, text) };
    this.rows.push(row);
    this.prev = sha256(text);
    return row;
  }
}

/**
 * A workspace row as main lists it, waiting for two approvers, with no signed history yet (its
 * database state agrees with the signed one unless `over` says otherwise); what a test looks at
 * comes in `over`.
 */
export function listedRow(id: string, over: Partial<TeamRowView> = {}): TeamRowView {
  const state = over.state ?? 'open';
  return {
    id,
    service: 'https://svc.example',
    kind: 'transfer',
    idempotencyKey: `key-${id}`,
    payloadHash: null,
    payload: null,
    amountCents: 100,
    state,
    dbState: state,
    note: null,
    history: { unresolved: [], last: null, ignored: [], reviewing: null, reopenedAt: null },
    createdAt: '2026-11-01T10:00:00.000Z',
    drafter: null,
    draft: { text: '', signature: '', payload: '' },
    decisions: [],
    verdict: {
      status: 'waiting',
      approvedBy: [],
      required: 2,
      missing: 2,
      policyVersion: 1,
      needed: '2 more approvers',
      ignored: [],
    },
    lease: null,
    fence: 0,
    claims: 0,
    outcome: null,
    ...over,
  };
}
