import type { MemberRecord, Policy, Signed, TeamCrypto } from './model';
import { readSignedText } from './signed-text';

/** One entry of the directory log as the workspace stores it. */
export interface DirectoryRow extends Signed {
  seq: number;
}

/** Where a chain stands: its last entry's number and hash (a desktop remembers the last it saw). */
export interface ChainHead {
  seq: number;
  hash: string;
}

export interface ChainProblem {
  seq: number;
  problem: string;
}

/**
 * The directory as this desktop believes it: every member (removed ones too, so that their old
 * signatures can be named) and the newest policy of each service, built only from entries signed
 * by the pinned admin key or by an admin it made.
 */
export interface VerifiedDirectory {
  workspaceId: string;
  members: Map<string, MemberRecord>;
  policies: Map<string, Policy>;
  head: ChainHead | null;
  /** The hash of each entry, by its number: what a statement naming a directory head is checked against. */
  hashes: string[];
  /** Entries that do not count, each with why (a forged member, a policy no admin signed). */
  ignored: ChainProblem[];
  /**
   * Set when the log itself was cut or rewritten (an entry missing, changed or put back in
   * another order, entries this desktop had seen gone): nothing can be trusted, and nothing is
   * sent, until it is repaired.
   */
  broken: ChainProblem | null;
}

export interface VerifyDirectoryInput {
  workspaceId: string;
  /** The admin key this desktop pinned when it joined (base64, raw). */
  pinnedKey: string;
  /** Every entry, in any order. */
  rows: readonly DirectoryRow[];
  /** The newest entry this desktop verified before: a log without it was rolled back. */
  remembered: ChainHead | null;
  crypto: TeamCrypto;
}

/**
 * Verifies the whole directory log from its first entry. The log is a hash chain (each entry
 * names the hash of the one before): an entry removed, changed or moved breaks it, and the
 * desktop then trusts none of it. Within an intact chain, each entry counts only if it is
 * signed by an active admin as of the entries before it (the first: by the pinned key, about
 * itself); one that is not is ignored and reported, and the chain goes on.
 */
export function verifyDirectory(input: VerifyDirectoryInput): VerifiedDirectory {
  const { crypto, workspaceId } = input;
  const out: VerifiedDirectory = {
    workspaceId,
    members: new Map(),
    policies: new Map(),
    head: null,
    hashes: [],
    ignored: [],
    broken: null,
  };
  const rows = [...input.rows].sort((a, b) => a.seq - b.seq);
  const keys = new Map<string, string>();
  let prev = '';
  for (const [i, row] of rows.entries()) {
    if (row.seq !== i) {
      out.broken = {
        seq: i,
        problem:
          row.seq > i ? `entry ${i} of the directory is missing` : `entry ${row.seq} of the directory appears twice`,
      };
      return out;
    }
    const read = readSignedText('directory', row.text);
    if (!read.ok) {
      out.broken = { seq: i, problem: `entry ${i} of the directory was changed: ${read.problem}` };
      return out;
    }
    const body = read.body;
    if (body.workspace !== workspaceId || body.seq !== i || body.prev !== prev) {
      out.broken = {
        seq: i,
        problem: `entry ${i} of the directory does not follow the one before it: entries were removed, changed or reordered there`,
      };
      return out;
    }
    const hash = crypto.sha256Hex(row.text);
    prev = hash;
    out.head = { seq: i, hash };
    out.hashes.push(hash);
    if (i === 0) {
      const genesis = body.entry === 'member' ? body.member : null;
      const ok =
        genesis &&
        genesis.role === 'admin' &&
        genesis.status === 'active' &&
        genesis.publicKey === input.pinnedKey &&
        body.by === genesis.id &&
        crypto.verify(input.pinnedKey, row.text, row.signature);
      if (!ok || !genesis) {
        out.broken = {
          seq: 0,
          problem: 'the directory does not start with the admin key you compared and pinned when you joined',
        };
        return out;
      }
      out.members.set(genesis.id, genesis);
      keys.set(genesis.publicKey, genesis.id);
      continue;
    }
    const signer = out.members.get(body.by);
    const ignore = (problem: string) => out.ignored.push({ seq: i, problem: `entry ${i} does not count: ${problem}` });
    if (!signer || signer.status !== 'active' || signer.role !== 'admin') {
      ignore(signer ? `${signer.name} was not an active admin when it was written` : 'its signer is not a member');
      continue;
    }
    if (!crypto.verify(signer.publicKey, row.text, row.signature)) {
      ignore(`its signature is not ${signer.name}'s: it was written by someone without that admin's key`);
      continue;
    }
    if (body.entry === 'policy') {
      const current = out.policies.get(body.policy.service)?.version ?? 0;
      if (body.policy.version !== current + 1)
        ignore(`it is policy version ${body.policy.version} for ${body.policy.service}, after version ${current}`);
      else out.policies.set(body.policy.service, body.policy);
      continue;
    }
    const m = body.member;
    const known = out.members.get(m.id);
    if (known) {
      if (known.status === 'removed')
        ignore(`${known.name} was removed; a removed member never comes back (register a new key)`);
      else if (known.publicKey !== m.publicKey || known.dbRole !== m.dbRole)
        ignore(`it changes ${known.name}'s key or database role, which never change (register a new member)`);
      else out.members.set(m.id, m);
      continue;
    }
    if (keys.has(m.publicKey)) {
      ignore(`${m.name}'s key already belongs to another member: one key counts as one approver`);
      continue;
    }
    const sameLogin = [...out.members.values()].find((known) => known.dbRole === m.dbRole);
    if (sameLogin) {
      ignore(`its login ${m.dbRole} is ${sameLogin.name}'s already: one login is one member`);
      continue;
    }
    if (m.status !== 'active') {
      ignore(`it removes ${m.name}, who was never added`);
      continue;
    }
    out.members.set(m.id, m);
    keys.set(m.publicKey, m.id);
  }
  const rolledBack = chainRollback(out.head, input.remembered, (seq) =>
    seq < rows.length ? crypto.sha256Hex((rows[seq] as DirectoryRow).text) : undefined,
  );
  if (rolledBack) out.broken = { seq: rolledBack.seq, problem: `the directory ${rolledBack.problem}` };
  return out;
}

/**
 * Whether a chain whose newest entry is `head` lost what this desktop saw before (`remembered`):
 * entries cut off its end, or the entry it saw replaced. `hashAt` is the hash of entry `seq` now.
 */
export function chainRollback(
  head: ChainHead | null,
  remembered: ChainHead | null,
  hashAt: (seq: number) => string | undefined,
): ChainProblem | null {
  if (!remembered) return null;
  if (!head || head.seq < remembered.seq) {
    const last = head ? head.seq : -1;
    return {
      seq: last + 1,
      problem: `was cut back: this desktop saw entry ${remembered.seq}, and it now ends at ${last < 0 ? 'nothing' : `entry ${last}`}`,
    };
  }
  if (hashAt(remembered.seq) !== remembered.hash)
    return { seq: remembered.seq, problem: `was replaced: entry ${remembered.seq} is not the one this desktop saw` };
  return null;
}

/**
 * Why this desktop cannot act on a statement signed under `named` (the signer's directory head),
 * or null when its own verified directory holds that entry: a newer one (it has not read it yet,
 * or it was withheld from it), or a different one (the workspace showed them another directory).
 */
export function headProblem(dir: VerifiedDirectory, named: ChainHead | undefined, who: string): string | null {
  if (!named) return null;
  const mine = dir.hashes[named.seq];
  if (mine === undefined) {
    return `${who} signed it under directory entry ${named.seq}, which this desktop has not verified yet (it has ${dir.head ? `up to entry ${dir.head.seq}` : 'no entry'}). It waits until this desktop reads that entry: an entry kept from one desktop must not loosen the policy there.`;
  }
  if (mine !== named.hash)
    return `${who} signed it under a directory entry ${named.seq} other than the one this desktop verified: the workspace shows desktops different directories. Nothing is sent until an admin finds out why.`;
  return null;
}

/** The member whose key this is (active or removed), if any. */
export function memberByKey(dir: VerifiedDirectory, publicKey: string): MemberRecord | undefined {
  for (const m of dir.members.values()) if (m.publicKey === publicKey) return m;
  return undefined;
}
