import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { syncDirectory } from '../profiles/atomic-write';
import { KeyLanes } from '../service/key-lanes';

/**
 * What main remembers of every request that moves money, per service, in an append-only file it
 * fsyncs before the request leaves: the key, the payload's hash, the service, the row and the
 * time, then the answer's class. It outlives the renderer's IndexedDB and the workspace's rows,
 * so a rewound outbox, a rewound workspace row or a compromised page asking again cannot make
 * main send a payment twice, nor resend a transfer whose key the service may have forgotten.
 * Keys, hashes and times only: no payload, no account number, nothing secret.
 */

/** How long the service keeps an idempotency key (Stripe keeps them 24 h; docs/service.md, "Idempotency and the key window"). */
export const KEY_WINDOW_MS = 24 * 60 * 60_000;

/**
 * What an attempt's answer proves about the service:
 * - `ok`: it did it (a 2xx);
 * - `not-processed`: it surely did nothing (the request never left, main held it, or a 429);
 * - `refused`: it answered no (a 4xx other than 408 and 429): nothing moved, and the same request
 *   would be refused again;
 * - `unknown`: it may have done it (a 5xx, a timeout or a reset after the request left, an answer
 *   that could not be read).
 */
export type AnswerClass = 'ok' | 'not-processed' | 'refused' | 'unknown';

const Line = z.discriminatedUnion('t', [
  z.strictObject({
    v: z.literal(1),
    t: z.literal('send'),
    key: z.string().min(1).max(255),
    rowId: z.string().min(1).max(100),
    kind: z.enum(['transfer', 'payment']),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    service: z.string().max(2048),
    origin: z.enum(['solo', 'team']),
    at: z.number().int().nonnegative(),
  }),
  z.strictObject({
    v: z.literal(1),
    t: z.literal('answer'),
    key: z.string().min(1).max(255),
    answer: z.enum(['ok', 'not-processed', 'refused', 'unknown']),
    status: z.number().int().optional(),
    at: z.number().int().nonnegative(),
  }),
]);
type Line = z.infer<typeof Line>;
export type SendLine = Extract<Line, { t: 'send' }>;

/** One line of a journal file, or null for one that cannot be read (a torn write, a hand edit). */
function parseLine(raw: string): Line | null {
  try {
    const result = Line.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * A send this journal could not read back after a restart (a field past the reader's limits):
 * it is refused before it leaves, since main would forget it was ever made.
 */
export class UnjournaledSend extends Error {
  override readonly name = 'UnjournaledSend';
}

/** One send of a key and what came of it (null: no answer was written, the app stopped first). */
export interface JournalAttempt {
  at: number;
  hash: string;
  origin: 'solo' | 'team';
  answer: AnswerClass | null;
}

export interface KeyRecord {
  key: string;
  kind: 'transfer' | 'payment';
  service: string;
  rowId: string;
  attempts: JournalAttempt[];
}

/** Why main will not send this key again, in words a person acts on; null when it may go. */
export type JournalRefusal = { reason: 'sent-before' | 'key-window' | 'other-payload'; message: string };

const when = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/** Every attempt proved the service did nothing: sending the key again is its first processing. */
const nothingHappened = (r: KeyRecord) => r.attempts.every((a) => a.answer === 'not-processed');

/**
 * Whether `key` may be sent (again) with a payload of hash `hash` now, by this journal's record:
 * - a key never sent goes;
 * - with another payload, never (the service refuses a key reused for another body);
 * - a payment, only while every earlier send surely did nothing: otherwise it may have been
 *   paid, and POST /pay documents no idempotency;
 * - a transfer, again with the same key while the service still remembers it (the service
 *   deduplicates); after that, only a person (or a reconciliation with the service's transactions)
 *   decides, since a resend could be a second transfer.
 */
export function mayStillSend(record: KeyRecord | undefined, hash: string, now: number): JournalRefusal | null {
  if (!record || record.attempts.length === 0) return null;
  const first = record.attempts[0] as JournalAttempt;
  if (record.attempts.some((a) => a.hash !== hash)) {
    return {
      reason: 'other-payload',
      message: `Not sent: this key was sent before with another ${record.kind === 'payment' ? 'payment' : 'transfer'} (${when(first.at)}), and a key is never reused for something else. Draft it again: a new draft gets a new key.`,
    };
  }
  if (nothingHappened(record)) return null;
  if (record.kind === 'payment') {
    const answered = record.attempts.some((a) => a.answer === 'ok')
      ? 'and the service answered that it went through'
      : 'and no answer showed it did nothing';
    return {
      reason: 'sent-before',
      message: `Not sent again: main sent this payment on ${when(first.at)} ${answered}. A payment is never sent twice with the same key; look for it in the paying account’s transactions before drafting it again.`,
    };
  }
  if (now - first.at >= KEY_WINDOW_MS) {
    return {
      reason: 'key-window',
      message: `Not sent again: main first sent this transfer on ${when(first.at)}, longer ago than the service keeps its key, so a resend could move the money twice. It is reconciled against the service’s transactions first, or a person decides.`,
    };
  }
  return null;
}

/** What one call of the journal's owner asks for each key. */
interface Entry {
  line: string;
  done: () => void;
  failed: (error: unknown) => void;
}

/**
 * One service's journal file. Lines written while an fsync runs are written and fsynced together
 * by the next one (a group commit): every caller hears back only once its own line is on disk.
 * A torn last line (the app stopped mid-write) is skipped when the file is read, and the next
 * write starts on a line of its own, so the tear never takes a good line with it.
 */
export class SendJournal {
  private readonly records = new Map<string, KeyRecord>();
  private handle: FileHandle | null = null;
  private pending: Entry[] = [];
  private flushing: Promise<void> | null = null;
  /** One decision and one send per key at a time. */
  private readonly lanes = new KeyLanes();
  /** Lines the file held that could not be read (a torn write, a hand edit). */
  skipped = 0;
  /** The file ends in a torn line: the next write begins with a line break. */
  private torn = false;
  /**
   * Directories to fsync once the file exists (its own, and the ones made for it): a new file's
   * name is durable only once its directory is, and until then a power cut could lose every line.
   */
  private unsyncedDirs: string[] = [];

  private constructor(private readonly path: string) {}

  static async open(path: string): Promise<SendJournal> {
    const journal = new SendJournal(path);
    const made = await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    let text = '';
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      journal.unsyncedDirs = dirsToSync(path, made);
    }
    journal.torn = text !== '' && !text.endsWith('\n');
    for (const raw of text.split('\n')) {
      if (raw === '') continue;
      const parsed = parseLine(raw);
      if (parsed) journal.apply(parsed);
      else journal.skipped++;
    }
    return journal;
  }

  /** What the journal holds about `key` (undefined: never sent from this desktop to this service). */
  record(key: string): KeyRecord | undefined {
    return this.records.get(key);
  }

  /** Every key's record, oldest first (a support view; tests read it). */
  all(): KeyRecord[] {
    return [...this.records.values()];
  }

  /**
   * Runs `work` for `key` once every earlier piece of work for that key has settled: a second
   * request for a key waits for the first one's answer, so it decides on what that answer was.
   */
  serially<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.lanes.run(key, work);
  }

  /**
   * Written and fsynced before the request leaves; rejects when the disk did not take it, and
   * then the request must not leave (nothing would remember it).
   */
  async sending(line: Omit<SendLine, 'v' | 't'>): Promise<void> {
    const full: SendLine = { v: 1, t: 'send', ...line };
    const readable = Line.safeParse(full);
    if (!readable.success) {
      const field = String(readable.error.issues[0]?.path[0] ?? 'a field');
      throw new UnjournaledSend(
        `Not sent: main records every transfer and payment before it leaves, and this one’s record could not be read back after a restart (its ${field} is too long${field === 'service' ? ': the profile’s address is over 2,048 characters once written as a URL' : ''}). Nothing that main could forget is sent.${field === 'service' ? ' Give the profile a shorter address.' : ''}`,
      );
    }
    await this.write(full);
    this.apply(full);
  }

  /**
   * The answer's class, once it came. Remembered for this run even when the disk refuses it: the
   * file then shows a send with no answer, which is the cautious reading after a restart.
   */
  answered(key: string, answer: AnswerClass, at: number, status?: number): Promise<void> {
    const full: Line = { v: 1, t: 'answer', key, answer, at, ...(status !== undefined ? { status } : {}) };
    this.apply(full);
    return this.write(full).catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.flushing;
    await this.handle?.close().catch(() => undefined);
    this.handle = null;
  }

  private apply(line: Line): void {
    if (line.t === 'send') {
      const record = this.records.get(line.key) ?? {
        key: line.key,
        kind: line.kind,
        service: line.service,
        rowId: line.rowId,
        attempts: [],
      };
      record.attempts.push({ at: line.at, hash: line.hash, origin: line.origin, answer: null });
      this.records.set(line.key, record);
      return;
    }
    const attempt = this.records.get(line.key)?.attempts.findLast((a) => a.answer === null);
    if (attempt) attempt.answer = line.answer;
  }

  private write(line: Line): Promise<void> {
    return new Promise<void>((done, failed) => {
      this.pending.push({ line: `${JSON.stringify(line)}\n`, done, failed });
      this.flushing ??= this.flush();
    });
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      try {
        this.handle ??= await open(this.path, 'a', 0o600);
        await this.handle.appendFile(`${this.torn ? '\n' : ''}${batch.map((e) => e.line).join('')}`, 'utf8');
        await this.handle.datasync();
        this.torn = false;
        for (const dir of this.unsyncedDirs) await syncDirectory(dir);
        this.unsyncedDirs = [];
        for (const e of batch) e.done();
      } catch (error) {
        // The write may have stopped mid-line: the next one starts on a line of its own (an empty line is skipped).
        this.torn = true;
        for (const e of batch) e.failed(error);
      }
    }
    this.flushing = null;
  }
}

/** The file's directory, and each directory `mkdir` made for it (the first made is `made`), with the parent of that one: innermost first. */
function dirsToSync(path: string, made: string | undefined): string[] {
  const dirs = [dirname(path)];
  if (made === undefined) return dirs;
  for (let d = dirname(path); d !== made && dirname(d) !== d; d = dirname(d)) dirs.push(dirname(d));
  dirs.push(dirname(made));
  return dirs;
}

/** The file of a service's journal: named by a digest of its address, so any address is a safe file name. */
export function journalFileName(service: string): string {
  return `service-${createHash('sha256').update(service, 'utf8').digest('hex').slice(0, 32)}.jsonl`;
}

/** A journal file of the first releases, one per profile (a digest of the profile's id). */
const PROFILE_JOURNAL = /^[0-9a-f]{32}\.jsonl$/;

/**
 * Moves the journals kept per profile by earlier releases into the journals per service, each
 * line to the service it names (an answer goes with its send), then removes the old file. Every
 * file found is moved, a deleted profile's too: its payments are what a profile added again at
 * the same address must not pay twice. A move cut short leaves lines in both files; read twice,
 * a send is only more cautious (its earliest time, its every answer).
 */
export async function migrateProfileJournals(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const name of names.filter((n) => PROFILE_JOURNAL.test(n))) {
    const byService = new Map<string, string[]>();
    const serviceOfKey = new Map<string, string>();
    for (const raw of (await readFile(join(dir, name), 'utf8')).split('\n')) {
      const line = parseLine(raw);
      if (!line) continue;
      if (line.t === 'send') serviceOfKey.set(line.key, line.service);
      const service = serviceOfKey.get(line.key);
      if (service === undefined) continue;
      byService.set(service, [...(byService.get(service) ?? []), raw]);
    }
    for (const [service, lines] of byService) {
      const handle = await open(join(dir, journalFileName(service)), 'a', 0o600);
      try {
        // On a line of its own: the file may end in a torn line.
        await handle.appendFile(`\n${lines.join('\n')}\n`, 'utf8');
        await handle.datasync();
      } finally {
        await handle.close();
      }
    }
    await syncDirectory(dir);
    await unlink(join(dir, name));
    await syncDirectory(dir);
  }
}
