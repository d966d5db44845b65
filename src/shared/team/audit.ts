import { csvLine } from '../csv';
import { chainRollback, type ChainHead, type ChainProblem, type DirectoryRow } from './directory';
import type { AuditBody, MemberRecord, TeamCrypto } from './model';
import { readSignedText } from './signed-text';

/** One audit entry as read back, with how far it can be trusted. */
export interface AuditLine {
  seq: number;
  /** The entry, when its text could be read. */
  body?: AuditBody;
  /** Who wrote it, by name, when the directory knows the signer. */
  byName?: string;
  /** 'ok': signed by the member it names and chained to the one before. */
  check: 'ok' | 'bad-signature' | 'unknown-signer' | 'unreadable';
}

export interface VerifiedAudit {
  lines: AuditLine[];
  /** Where the chain is broken and how, in words; empty when it is whole. */
  breaks: ChainProblem[];
  head: ChainHead | null;
  /**
   * The audit was cut back or replaced behind the newest entry this desktop read before: only
   * then is that entry kept as the newest seen (an entry that does not count, further back, is
   * reported every time and does not stop the newest seen from moving on).
   */
  rolledBack: boolean;
}

/**
 * Checks the audit log: a hash chain like the directory's (each entry names the hash of the one
 * before, so one removed, changed or moved shows where), each entry signed by the member who
 * wrote it. A break is reported where it is and the check goes on from there, so every entry
 * after it is still shown with its own check. `members` is the verified directory's (removed
 * members included: what they signed before they left is still theirs).
 */
export function verifyAudit(input: {
  workspaceId: string;
  rows: readonly DirectoryRow[];
  members: ReadonlyMap<string, MemberRecord>;
  remembered: ChainHead | null;
  crypto: TeamCrypto;
}): VerifiedAudit {
  const { crypto } = input;
  const rows = [...input.rows].sort((a, b) => a.seq - b.seq);
  const out: VerifiedAudit = { lines: [], breaks: [], head: null, rolledBack: false };
  const hashes = new Map<number, string>();
  let expected: { seq: number; prev: string } | null = { seq: 0, prev: '' };
  for (const row of rows) {
    const hash = crypto.sha256Hex(row.text);
    hashes.set(row.seq, hash);
    const read = readSignedText('audit', row.text);
    if (!read.ok || read.body.seq !== row.seq || read.body.workspace !== input.workspaceId) {
      out.breaks.push({
        seq: row.seq,
        problem: `entry ${row.seq} was changed: ${read.ok ? 'it is not the entry written there' : read.problem}`,
      });
      out.lines.push({ seq: row.seq, check: 'unreadable' });
      expected = { seq: row.seq + 1, prev: hash };
      continue;
    }
    const body = read.body;
    if (expected && row.seq !== expected.seq) {
      const gap = row.seq - expected.seq;
      out.breaks.push({
        seq: row.seq,
        problem: `before entry ${row.seq}, ${gap === 1 ? 'entry' : 'entries'} ${gap === 1 ? expected.seq : `${expected.seq} to ${row.seq - 1}`} ${gap === 1 ? 'is' : 'are'} missing`,
      });
    } else if (expected && body.prev !== expected.prev) {
      out.breaks.push({
        seq: row.seq,
        problem: `entry ${row.seq} does not follow the one before it: an entry was changed, removed or inserted there`,
      });
    }
    expected = { seq: row.seq + 1, prev: hash };
    const who = input.members.get(body.by);
    const check = !who
      ? 'unknown-signer'
      : crypto.verify(who.publicKey, row.text, row.signature)
        ? 'ok'
        : 'bad-signature';
    if (check !== 'ok')
      out.breaks.push({
        seq: row.seq,
        problem:
          check === 'unknown-signer'
            ? `entry ${row.seq} is signed by someone who is not a member`
            : `entry ${row.seq} is not signed by ${who?.name ?? 'its writer'}: it was written or changed by someone else`,
      });
    out.lines.push({ seq: row.seq, body, ...(who ? { byName: who.name } : {}), check });
  }
  const last = rows.at(-1);
  const head = last ? { seq: last.seq, hash: hashes.get(last.seq) as string } : null;
  const rolledBack = chainRollback(head, input.remembered, (seq) => hashes.get(seq));
  if (rolledBack) out.breaks.push({ seq: rolledBack.seq, problem: `the audit ${rolledBack.problem}` });
  out.rolledBack = rolledBack !== null;
  out.head = head;
  return out;
}

const CSV_HEADER = ['seq', 'at', 'event', 'by', 'member_id', 'subject', 'detail', 'check'];

/** The audit as CSV (RFC 4180, the shared cell rules against formulas), with each entry's check and the breaks after. */
export function auditCsv(audit: VerifiedAudit): string {
  const lines = [csvLine(CSV_HEADER)];
  for (const l of audit.lines) {
    const b = l.body;
    const detail = b
      ? Object.entries(b.detail)
          .map(([k, v]) => `${k}=${v === null ? '' : String(v)}`)
          .join('; ')
      : '';
    lines.push(csvLine([l.seq, b?.at, b?.event, l.byName, b?.by, b?.subject, detail, l.check]));
  }
  for (const brk of audit.breaks) lines.push(csvLine([brk.seq, '', 'break', '', '', '', brk.problem, 'broken']));
  return lines.join('');
}
