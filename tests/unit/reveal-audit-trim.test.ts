import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { AuditSeal } from '../../src/main/audit/audit-seal';
import { MemorySecretStore } from '../../src/main/secrets/memory-secret-store';
import type { RevealAuditEntry } from '../../src/shared/ipc';

// The retention trim rewrites the file; when it cannot (a full disk), the reveal must still be
// recorded (no record, no reveal), and the old lines wait for the next start.
vi.mock('../../src/main/profiles/atomic-write', () => ({
  writeFileAtomic: () => Promise.reject(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })),
}));
const { RevealAudit } = await import('../../src/main/audit/reveal-audit');

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'treasury-audit-trim-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const entry = (at: number, cardId: string): RevealAuditEntry => ({
  at: new Date(at).toISOString(),
  user: 'ada',
  profileId: 'demo',
  profileName: 'Demo',
  cardId,
  last4: '4242',
  pan: true,
  cvv: true,
  outcome: 'revealed',
});

it('an old file that cannot be trimmed still takes the next reveal, and keeps every line', async () => {
  const keychain = new MemorySecretStore();
  let now = Date.UTC(2025, 0, 1);
  const open = () => new RevealAudit({ dir, seal: new AuditSeal(() => ({ store: keychain })), now: () => now });
  const first = open();
  await first.append(entry(now, 'old'));
  await first.append(entry(now + 1_000, 'old-2'));
  now += 500 * 24 * 3_600_000;
  const next = open();
  await next.append(entry(now, 'new'));
  const read = await next.list({ profileId: 'demo' });
  expect(read.entries.map((e) => e.cardId)).toEqual(['new', 'old-2', 'old']);
  expect(read.integrity.breaks).toEqual([]);
  expect((await readFile(join(dir, 'reveals', 'demo.jsonl'), 'utf8')).trim().split('\n')).toHaveLength(3);
});
