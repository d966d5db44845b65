import { createHash, createHmac } from 'node:crypto';
import type { RevealAuditBreak, RevealAuditEntry, RevealAuditLine } from '../../shared/ipc';

/**
 * The reveal audit's file format: one JSON line per entry, each sealed together with the seal of
 * the line before it, so a line that is changed, removed, inserted or moved breaks the chain
 * where it happened. A seal is an HMAC-SHA256 with a key kept in the OS keychain (`k` names the
 * key), or, with no keychain, a plain SHA-256 (`k` is "sha256"): that still shows edits made by
 * hand, but not a rewrite by someone who recomputes the hashes, and the screen says so.
 *
 * Pure: no files, no keychain. reveal-audit.ts reads and writes; audit-seal.ts keeps the keys.
 */

export const HASH_ONLY = 'sha256';

interface LineBase {
  v: 1;
  /** 0, 1, 2…: one more than the line before, so a removed or moved line shows as a gap. */
  seq: number;
  /** The key that sealed this line, or HASH_ONLY. */
  k: string;
  /** The link of the line before ('' for the first). */
  prev: string;
}

export interface EntryLine extends LineBase {
  kind: 'entry';
  entry: RevealAuditEntry;
  /** Carried over from the file kept before the chain existed: its content was never sealed when written. */
  legacy?: true;
}

/** Where lines older than the retention were cut off: it stands for them, sealed like any line. */
export interface TrimmedLine extends LineBase {
  kind: 'trimmed';
  /** Lines dropped so far, in all trims together. */
  dropped: number;
  /** When the newest dropped entry was written. */
  through: string;
  /** The link of the last dropped line: the first line kept still points at it. */
  tail: string;
}

export type ChainLine = EntryLine | TrimmedLine;
export type UnsealedLine = Omit<EntryLine, 'mac'> | Omit<TrimmedLine, 'mac'>;

/** The seal of a line: over its JSON without `mac`, exactly as written. */
function seal(body: string, key: Buffer | null): string {
  return key ? createHmac('sha256', key).update(body).digest('hex') : createHash('sha256').update(body).digest('hex');
}

/** What the next line's `prev` must be: the line's seal, or for a trimmed line the seal of the last line it stands for. */
export function linkOf(line: ChainLine & { mac: string }): string {
  return line.kind === 'trimmed' ? line.tail : line.mac;
}

/** The line's text (no newline), sealed with `key` (null: HASH_ONLY, and `k` must say so). */
export function sealLine(line: UnsealedLine, key: Buffer | null): { text: string; mac: string } {
  const body = JSON.stringify(line);
  const mac = seal(body, key);
  return { text: `${body.slice(0, -1)},"mac":"${mac}"}`, mac };
}

const ENTRY_STRINGS = ['at', 'user', 'profileId', 'profileName', 'cardId', 'last4'] as const;
const OUTCOMES = new Set<string>(['revealed', 'failed', 'declined', 'refused']);

/** An entry's fields, checked; undefined when something is missing or of the wrong kind. */
export function readEntry(v: unknown): RevealAuditEntry | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const e = v as Record<string, unknown>;
  if (!ENTRY_STRINGS.every((k) => typeof e[k] === 'string')) return undefined;
  if (typeof e['pan'] !== 'boolean' || typeof e['cvv'] !== 'boolean' || !OUTCOMES.has(String(e['outcome'])))
    return undefined;
  if (e['reason'] !== undefined && typeof e['reason'] !== 'string') return undefined;
  return e as unknown as RevealAuditEntry;
}

function parse(text: string): (ChainLine & { mac: string; body: string }) | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const { mac, ...rest } = v as Record<string, unknown>;
  const { v: version, seq, k, prev, kind } = rest;
  if (
    typeof mac !== 'string' ||
    version !== 1 ||
    !Number.isSafeInteger(seq) ||
    typeof k !== 'string' ||
    typeof prev !== 'string'
  )
    return undefined;
  // The sealed text is the line as read, without its seal: re-serialized, so any edit (a field
  // added, reordered or changed) gives another text and another seal.
  const body = JSON.stringify(rest);
  if (kind === 'entry' && readEntry(rest['entry'])) return { ...(rest as unknown as EntryLine), mac, body };
  if (
    kind === 'trimmed' &&
    Number.isSafeInteger(rest['dropped']) &&
    typeof rest['through'] === 'string' &&
    typeof rest['tail'] === 'string'
  ) {
    return { ...(rest as unknown as TrimmedLine), mac, body };
  }
  return undefined;
}

export interface Head {
  seq: number;
  mac: string;
}

export interface Verified {
  /** Every entry line read, in file order, each with how far it can be trusted. */
  entries: (RevealAuditLine & { seq: number; line: number })[];
  breaks: RevealAuditBreak[];
  /** The last line that could be read: where the next line links. */
  last: { seq: number; link: string } | null;
  /** Lines in the file (blank ones aside). */
  lines: number;
  /** The first line was a trim mark: entries before `through` were cut off by age. */
  trimmed?: { dropped: number; through: string };
  /** The line number and seq of every readable line with its text, for a trim. */
  raw: { line: number; seq: number; at?: string; link: string; intact: boolean; text: string }[];
}

/**
 * Checks a whole file. `keys` gives a sealing key by id (undefined when the keychain no longer
 * has it); `head` is the last line this computer sealed, kept in the keychain apart from the
 * file, which shows a file cut short at its end or replaced as a whole. A break names the line
 * (1-based) where it shows; `at` is the entry's own date when the line could be read.
 */
export function verifyChain(text: string, keys: (id: string) => Buffer | undefined, head: Head | null): Verified {
  const out: Verified = { entries: [], breaks: [], last: null, lines: 0, raw: [] };
  const brk = (line: number, problem: string, at?: string) => out.breaks.push({ line, problem, ...(at ? { at } : {}) });
  let expected: { seq: number; prev: string } | null = null;
  let missingKey: { from: number; to: number; k: string } | null = null;
  const flushMissing = () => {
    if (missingKey)
      brk(
        missingKey.from,
        `lines ${missingKey.from} to ${missingKey.to} were sealed with a key that is no longer in the keychain, so they cannot be checked`,
      );
    missingKey = null;
  };
  let headFound = head === null;
  const rows = text.split('\n');
  rows.forEach((row, i) => {
    const n = i + 1;
    if (row.trim() === '') return;
    const first = out.lines === 0;
    out.lines++;
    const line = parse(row);
    if (!line) {
      brk(n, `line ${n} cannot be read as an audit line: it was edited or damaged`);
      // What the next line should link to is unknown: it is not blamed for this one.
      expected = null;
      return;
    }
    const at = line.kind === 'entry' ? line.entry.at : undefined;
    let check: RevealAuditLine['check'];
    let intact = true;
    if (line.k === HASH_ONLY) {
      check = 'hash-only';
      intact = line.mac === seal(line.body, null);
      flushMissing();
    } else {
      const key = keys(line.k);
      if (key) {
        intact = line.mac === seal(line.body, key);
        flushMissing();
      } else {
        check = 'unchecked';
        if (missingKey?.k === line.k) missingKey.to = n;
        else {
          flushMissing();
          missingKey = { from: n, to: n, k: line.k };
        }
      }
    }
    if (!intact) brk(n, `line ${n} was changed after it was written`, at);
    if (first) {
      if (line.kind === 'trimmed') out.trimmed = { dropped: line.dropped, through: line.through };
      else if (line.seq !== 0)
        brk(n, `the file starts at entry ${line.seq}: the ${line.seq} before it were removed`, at);
    } else if (line.kind === 'trimmed') {
      brk(n, `line ${n} is a cut mark in the middle of the file: lines were removed there`);
    } else if (expected && line.seq !== expected.seq) {
      const gap = line.seq - expected.seq;
      brk(
        n,
        gap > 0
          ? `before line ${n}, ${gap} line${gap === 1 ? ' is' : 's are'} missing`
          : `line ${n} is out of order (entry ${line.seq} after entry ${expected.seq - 1})`,
        at,
      );
    } else if (expected && line.prev !== expected.prev) {
      brk(n, `line ${n} does not follow the line before it: a line was removed, inserted or moved there`, at);
    }
    if (head && line.seq === head.seq) {
      headFound = true;
      if (line.mac !== head.mac)
        brk(n, `line ${n} is not the entry this computer wrote there: the file was replaced`, at);
    }
    const link = linkOf(line);
    out.raw.push({ line: n, seq: line.seq, ...(at ? { at } : {}), link, intact, text: row });
    out.last = { seq: line.seq, link };
    expected = { seq: line.seq + 1, prev: link };
    if (line.kind === 'entry') {
      const mark = !intact ? 'altered' : line.legacy ? 'legacy' : check;
      out.entries.push({ ...line.entry, seq: line.seq, line: n, ...(mark ? { check: mark } : {}) });
    }
  });
  flushMissing();
  if (head && !headFound) {
    const lastSeq = out.last?.seq ?? -1;
    const gone = head.seq - lastSeq;
    const end = out.raw.at(-1)?.line ?? 0;
    if (out.lines === 0) brk(0, `the file is empty or missing, but ${head.seq + 1} lines had been written to it`);
    else if (gone > 0)
      brk(
        end,
        `the file ends at entry ${lastSeq}, but entry ${head.seq} was written: the last ${gone} line${gone === 1 ? ' was' : 's were'} removed`,
      );
    else brk(end, `entry ${head.seq}, the last this computer wrote, is not in the file: the file was replaced`);
  }
  return out;
}
