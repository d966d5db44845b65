import { randomBytes } from 'node:crypto';
import type { SecretStore } from '../secrets/secret-store';
import type { Head } from './audit-chain';

/** What the keychain keeps for one profile's audit: its sealing keys and the last line sealed. */
export interface SealState {
  keys: Map<string, Buffer>;
  /** The key new lines are sealed with; null until the first line is written. */
  current: string | null;
  /** The last line sealed: a file cut short at its end, or replaced, no longer has it. */
  head: Head | null;
}

export type SealOpen = { ok: true; state: SealState } | { ok: false; reason: string };

/** The keychain account of a profile's seal (beside the profiles' own entries, never one of them). */
export const sealAccount = (profileId: string) => `reveal-audit:${profileId}`;

const KEY_BYTES = 32;

function decode(stored: string): SealState | null {
  try {
    const v = JSON.parse(stored) as { v?: unknown; keys?: unknown; current?: unknown; head?: unknown };
    if (v.v !== 1 || !v.keys || typeof v.keys !== 'object') return null;
    const keys = new Map<string, Buffer>();
    for (const [id, b64] of Object.entries(v.keys as Record<string, unknown>))
      if (typeof b64 === 'string') keys.set(id, Buffer.from(b64, 'base64'));
    const current = typeof v.current === 'string' && keys.has(v.current) ? v.current : null;
    const h = v.head as Partial<Head> | null | undefined;
    const head =
      h && Number.isSafeInteger(h.seq) && typeof h.mac === 'string' ? { seq: h.seq as number, mac: h.mac } : null;
    return { keys, current, head };
  } catch {
    return null;
  }
}

function encode(state: SealState): string {
  const keys: Record<string, string> = {};
  for (const [id, key] of state.keys) keys[id] = key.toString('base64');
  return JSON.stringify({ v: 1, keys, current: state.current, head: state.head });
}

/**
 * The reveal audit's keys, in the OS keychain through the same SecretStore as the API keys (in
 * memory in tests). Where there is no keychain, or it cannot be read, there is no key: the audit
 * is then only hash-chained, and `reason` says why, for the screen. Never a key on disk.
 */
export class AuditSeal {
  constructor(private readonly keychain: () => { store: SecretStore } | { reason: string }) {}

  async open(profileId: string): Promise<SealOpen> {
    const k = this.keychain();
    if ('reason' in k) return { ok: false, reason: k.reason };
    let stored: string | null;
    try {
      stored = await k.store.get(sealAccount(profileId));
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : 'The system keychain could not be read.' };
    }
    if (stored === null) return { ok: true, state: { keys: new Map(), current: null, head: null } };
    const state = decode(stored);
    // A damaged entry holds no usable key: lines sealed before show as unchecked; a new key seals from here.
    return { ok: true, state: state ?? { keys: new Map(), current: null, head: null } };
  }

  /** The key new lines are sealed with, made and saved in the keychain the first time. */
  async currentKey(profileId: string, state: SealState): Promise<{ id: string; key: Buffer }> {
    if (state.current) return { id: state.current, key: state.keys.get(state.current) as Buffer };
    const id = randomBytes(4).toString('hex');
    const next: SealState = {
      keys: new Map(state.keys).set(id, randomBytes(KEY_BYTES)),
      current: id,
      head: state.head,
    };
    await this.save(profileId, next);
    state.keys = next.keys;
    state.current = id;
    return { id, key: next.keys.get(id) as Buffer };
  }

  /** Records the last line sealed. */
  async saveHead(profileId: string, state: SealState, head: Head): Promise<void> {
    await this.save(profileId, { ...state, head });
    state.head = head;
  }

  private async save(profileId: string, state: SealState): Promise<void> {
    const k = this.keychain();
    if ('reason' in k) throw new Error(k.reason);
    await k.store.set(sealAccount(profileId), encode(state));
  }
}
