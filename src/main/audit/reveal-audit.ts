import { createHash } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RevealAuditEntry, RevealAuditIntegrity, RevealAuditLine, RevealAuditList } from '../../shared/ipc';
import { writeFileAtomic } from '../profiles/atomic-write';
import { scrubCardNumbers } from '../service/scrub';
import { HASH_ONLY, sealLine, verifyChain, type UnsealedLine, type Verified } from './audit-chain';
import type { AuditSeal, SealOpen } from './audit-seal';
import { readLegacyAudit, setLegacyAuditAside } from './legacy-audit';

export interface RevealAuditOptions {
  /** `<userData>/audit`: each profile's file is in `reveals/`; the file kept before the chain is migrated from here. */
  dir: string;
  seal: AuditSeal;
  now: () => number;
  /** How long lines are kept; never less than a year. */
  retentionMs?: number;
}

/** 400 days: a year's entries are always there, whatever day of the year someone looks. */
export const REVEAL_AUDIT_RETENTION_MS = 400 * 24 * 3_600_000;
const MIN_RETENTION_MS = 366 * 24 * 3_600_000;
/** What `list` answers at most: the screen shows the latest few. */
export const REVEAL_AUDIT_LIST_MAX = 50;

const KEYS: (keyof RevealAuditEntry)[] = [
  'at',
  'user',
  'profileId',
  'profileName',
  'cardId',
  'last4',
  'pan',
  'cvv',
  'outcome',
  'reason',
];

/** Only the known fields, the reason scrubbed again: a caller cannot get more (or a number) into the file. */
function cleanEntry(entry: RevealAuditEntry): RevealAuditEntry {
  const clean: Record<string, unknown> = {};
  for (const k of KEYS)
    if (entry[k] !== undefined) clean[k] = k === 'reason' ? scrubCardNumbers(String(entry[k])) : entry[k];
  return clean as unknown as RevealAuditEntry;
}

/** A profile's file name: its id when that is plain, otherwise a digest of it (never a path). */
function fileName(profileId: string): string {
  return /^[A-Za-z0-9_-]{1,100}$/.test(profileId)
    ? `${profileId}.jsonl`
    : `id-${createHash('sha256').update(profileId).digest('hex').slice(0, 32)}.jsonl`;
}

/** Appends and flushes to disk before answering: "no record, no reveal" must survive a power cut. */
async function appendDurably(path: string, text: string): Promise<void> {
  const handle = await open(path, 'a', 0o600);
  try {
    await handle.write(text, null, 'utf8');
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
    throw error;
  }
}

interface ProfileLog {
  path: string;
  /** Every read and write of the file, one after the other. */
  queue: Promise<unknown>;
  opened?: Promise<Opened>;
}

interface Opened {
  seal: SealOpen;
  last: { seq: number; link: string } | null;
  /** Something this session could not do for the protection (said on screen). */
  trouble?: string;
}

/**
 * The local audit of card reveals: one file per profile (the Demo has its own), one line per
 * reveal asked for (who, when, which card, what, how it went; never the number), each line
 * chained to the one before and sealed (audit-chain.ts) with a key in the OS keychain
 * (audit-seal.ts), checked whole on every read. Lines are kept by age (400 days), never cut by
 * count: reveals are bounded per profile and window (main's RevealGuard), so a flood of attempts
 * cannot push a reveal out. Lines older than that are replaced by one sealed mark saying how many
 * went and until when, and only while the chain is intact: a broken file keeps its evidence.
 */
export class RevealAudit {
  private readonly logs = new Map<string, ProfileLog>();
  private migrated: Promise<void> | undefined;
  private readonly retentionMs: number;

  constructor(private readonly options: RevealAuditOptions) {
    this.retentionMs = Math.max(MIN_RETENTION_MS, options.retentionMs ?? REVEAL_AUDIT_RETENTION_MS);
  }

  /** Appends one entry, sealed; resolves once it is on disk. */
  append(entry: RevealAuditEntry): Promise<void> {
    return this.migrate().then(() =>
      this.run(entry.profileId, () => this.write(entry.profileId, cleanEntry(entry), false)),
    );
  }

  /** The newest entries of a profile (and card), newest first, with what checking the whole file found. */
  async list(filter: { profileId: string; cardId?: string }, limit = REVEAL_AUDIT_LIST_MAX): Promise<RevealAuditList> {
    await this.migrate();
    const { verified, opened } = await this.run(filter.profileId, () => this.check(filter.profileId));
    const mine = verified.entries.filter((e) => filter.cardId === undefined || e.cardId === filter.cardId);
    const entries = mine
      .slice(-limit)
      .reverse()
      .map(({ seq: _seq, line: _line, ...e }): RevealAuditLine => e);
    return { entries, integrity: this.integrity(verified, opened) };
  }

  /** When each attempt (not a refusal) of the profile since `sinceMs` was made: what the reveal limit counts. */
  async attemptTimes(profileId: string, sinceMs: number): Promise<number[]> {
    await this.migrate();
    const { verified } = await this.run(profileId, () => this.check(profileId));
    return verified.entries
      .filter((e) => e.outcome !== 'refused')
      .map((e) => Date.parse(e.at))
      .filter((t) => t >= sinceMs);
  }

  private log(profileId: string): ProfileLog {
    let log = this.logs.get(profileId);
    if (!log) {
      log = { path: join(this.options.dir, 'reveals', fileName(profileId)), queue: Promise.resolve() };
      this.logs.set(profileId, log);
    }
    return log;
  }

  private run<T>(profileId: string, work: () => Promise<T>): Promise<T> {
    const log = this.log(profileId);
    const next = log.queue.then(work);
    // A failed step must not block the next one; its caller still sees the failure.
    log.queue = next.catch(() => undefined);
    return next;
  }

  /** Reads and checks the file; the first time, opens the profile's seal and trims old lines. */
  private async check(profileId: string): Promise<{ verified: Verified; opened: Opened }> {
    const log = this.log(profileId);
    if (log.opened) {
      const opened = await log.opened;
      return { verified: await this.verify(log.path, opened), opened };
    }
    let first: Verified | undefined;
    log.opened = this.options.seal.open(profileId).then(async (seal): Promise<Opened> => {
      const opened: Opened = { seal, last: null };
      first = await this.verify(log.path, opened);
      opened.last = first.last;
      // A trim that fails (a full disk) is tried again at the next start; it never stops a reveal being recorded.
      const trimmed = await this.trim(profileId, first, opened).catch(() => false);
      if (trimmed) first = await this.verify(log.path, opened);
      return opened;
    });
    // A seal that could not be opened (or a file that could not be read) is tried again next time.
    log.opened.catch(() => (log.opened = undefined));
    const opened = await log.opened;
    return { verified: first ?? (await this.verify(log.path, opened)), opened };
  }

  private async verify(path: string, opened: Opened): Promise<Verified> {
    const state = opened.seal.ok ? opened.seal.state : null;
    return verifyChain(await readText(path), (id) => state?.keys.get(id), state?.head ?? null);
  }

  /** The profile's open state, checking the file only the first time (an append needs only where it links). */
  private async opened(profileId: string): Promise<Opened> {
    const log = this.log(profileId);
    return log.opened ? log.opened : (await this.check(profileId)).opened;
  }

  private async write(profileId: string, entry: RevealAuditEntry, legacy: boolean): Promise<void> {
    const log = this.log(profileId);
    const opened = await this.opened(profileId);
    const sealing = await this.sealingKey(profileId, opened);
    const last = opened.last;
    const line: UnsealedLine = {
      v: 1,
      seq: (last?.seq ?? -1) + 1,
      k: sealing?.id ?? HASH_ONLY,
      prev: last?.link ?? '',
      kind: 'entry',
      entry,
      ...(legacy ? { legacy: true as const } : {}),
    };
    const { text, mac } = sealLine(line, sealing?.key ?? null);
    await mkdir(join(this.options.dir, 'reveals'), { recursive: true, mode: 0o700 });
    await appendDurably(log.path, `${text}\n`);
    opened.last = { seq: line.seq, link: mac };
    if (sealing && opened.seal.ok) {
      try {
        await this.options.seal.saveHead(profileId, opened.seal.state, { seq: line.seq, mac });
      } catch {
        opened.trouble =
          'The keychain could not record the newest line, so lines removed from the end of the file would not be noticed.';
      }
    }
  }

  /** The key to seal with, or null for a hash-only line (no keychain; the reason is on screen). */
  private async sealingKey(profileId: string, opened: Opened): Promise<{ id: string; key: Buffer } | null> {
    if (!opened.seal.ok) return null;
    try {
      return await this.options.seal.currentKey(profileId, opened.seal.state);
    } catch (error) {
      opened.trouble = `The audit's key could not be saved in the keychain (${error instanceof Error ? error.message : 'unknown error'}), so new lines are only hash-chained.`;
      return null;
    }
  }

  /** Replaces the lines past the retention by one sealed mark; true when the file changed. */
  private async trim(profileId: string, verified: Verified, opened: Opened): Promise<boolean> {
    const cutoff = this.options.now() - this.retentionMs;
    if (verified.breaks.length > 0) return false;
    const raw = verified.raw;
    let drop = 0;
    // Never the last line (where the next one links). An earlier mark has no date of its own: it
    // goes only together with old entries after it.
    for (let i = 0; i < raw.length - 1; i++) {
      const at = raw[i]?.at;
      if (at === undefined && i > 0) break;
      if (at !== undefined && Date.parse(at) >= cutoff) break;
      drop = i + 1;
    }
    const lastDropped = raw[drop - 1];
    if (!lastDropped || lastDropped.at === undefined) return false;
    const sealing = await this.sealingKey(profileId, opened);
    const dropped = (verified.trimmed?.dropped ?? 0) + raw.slice(0, drop).filter((r) => r.at !== undefined).length;
    const mark: UnsealedLine = {
      v: 1,
      seq: lastDropped.seq,
      k: sealing?.id ?? HASH_ONLY,
      prev: '',
      kind: 'trimmed',
      dropped,
      through: lastDropped.at,
      tail: lastDropped.link,
    };
    const { text, mac } = sealLine(mark, sealing?.key ?? null);
    const kept = raw.slice(drop).map((r) => r.text);
    await writeFileAtomic(this.log(profileId).path, `${[text, ...kept].join('\n')}\n`);
    // The head moves to the mark only if the line it named went.
    if (sealing && opened.seal.ok && (opened.seal.state.head?.seq ?? -1) <= mark.seq) {
      await this.options.seal.saveHead(profileId, opened.seal.state, { seq: mark.seq, mac }).catch(() => undefined);
    }
    return true;
  }

  private integrity(verified: Verified, opened: Opened): RevealAuditIntegrity {
    const warnings: string[] = [];
    if (!opened.seal.ok) {
      warnings.push(
        `The system keychain is not available (${opened.seal.reason}), so this audit is only hash-chained: it shows a line edited by hand, but not a file rewritten by someone who recomputes the hashes.`,
      );
    } else {
      const weak = verified.entries.filter((e) => e.check === 'hash-only').length;
      if (weak > 0)
        warnings.push(
          `${weak} line${weak === 1 ? ' was' : 's were'} written while the keychain was unavailable and ${weak === 1 ? 'is' : 'are'} only hash-chained.`,
        );
    }
    if (opened.trouble) warnings.push(opened.trouble);
    const since = verified.entries[0]?.at;
    return {
      seal: opened.seal.ok ? 'keychain' : 'hash-only',
      ...(warnings.length > 0 ? { warning: warnings.join(' ') } : {}),
      lines: verified.lines,
      ...(since ? { since } : {}),
      legacy: verified.entries.filter((e) => e.check === 'legacy').length,
      breaks: verified.breaks,
    };
  }

  /**
   * Once per run: the lines of the file kept before the chain go into each profile's file, marked
   * as from before it, and that file is set aside. A profile whose file already has them (a run
   * that stopped half way) is skipped.
   */
  private migrate(): Promise<void> {
    this.migrated ??= (async () => {
      const legacy = await readLegacyAudit(this.options.dir);
      if (!legacy) return;
      for (const [profileId, entries] of legacy) {
        await this.run(profileId, async () => {
          const { verified } = await this.check(profileId);
          if (verified.entries.some((e) => e.check === 'legacy')) return;
          for (const e of entries) await this.write(profileId, cleanEntry(e), true);
        });
      }
      await setLegacyAuditAside(this.options.dir);
    })();
    // A migration that failed is tried again on the next use rather than blocking the audit for good.
    return this.migrated.catch((error: unknown) => {
      this.migrated = undefined;
      throw error;
    });
  }
}
