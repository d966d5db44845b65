import { canonicalJson } from '../canonical-json';
import { headProblem, type VerifiedDirectory } from './directory';
import {
  DECIDING_ROLES,
  type DraftBody,
  type MemberRecord,
  type Signed,
  type SignedDraft,
  type TeamCrypto,
} from './model';
import { policyFacts, requiredApprovals } from './policy';
import { readSignedText } from './signed-text';

/** A row of the shared queue as the workspace holds it: the signed draft and the columns beside it. */
export interface QueueRowFacts {
  id: string;
  service: string;
  kind: string;
  idempotencyKey: string;
  draft: SignedDraft;
}

/** A decision as the workspace holds it. */
export type DecisionFacts = Signed;

/** Why a row will never be sent. */
export type NeverReason =
  | 'unsigned'
  | 'bad-signature'
  | 'unknown-drafter'
  | 'removed-drafter'
  | 'payload-mismatch'
  | 'changed'
  | 'invalid-payload'
  | 'rejected';

/** An approval or rejection that does not count, and why, in words. */
export interface IgnoredDecision {
  /** The member it claims to be from, when that can be told. */
  by?: string;
  problem: string;
}

export type RowVerdict =
  /** Every signature checked and the policy met: it may be claimed and sent. */
  | {
      status: 'ready';
      approvedBy: string[];
      required: number;
      policyVersion: number;
      ignored: IgnoredDecision[];
      /**
       * The earliest time a counting approval was signed (its approver's clock): no send of the
       * row can be older, whatever the drafter's clock said.
       */
      firstApprovedAt: string;
    }
  /** Signed and intact, but it needs more approvals: `needed` says how many, in words. */
  | {
      status: 'waiting';
      approvedBy: string[];
      required: number;
      missing: number;
      policyVersion: number;
      needed: string;
      ignored: IgnoredDecision[];
    }
  /** It can never be sent; `text` says why. */
  | { status: 'never'; reason: NeverReason; text: string; ignored: IgnoredDecision[] }
  /** This desktop cannot tell: its directory is broken. Nothing is sent until it is repaired. */
  | { status: 'blocked'; text: string; ignored: IgnoredDecision[] };

export interface VerdictInput {
  row: QueueRowFacts;
  decisions: readonly DecisionFacts[];
  directory: VerifiedDirectory;
  crypto: TeamCrypto;
  /** The member looking (this desktop's), for the words: "you drafted this one". */
  viewer?: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function never(reason: NeverReason, text: string, ignored: IgnoredDecision[] = []): RowVerdict {
  return { status: 'never', reason, text, ignored };
}

/** The drafter's statement, checked against the row, or why the row never sends. */
function checkDraft(input: VerdictInput): { body: DraftBody; drafter: MemberRecord; payload: unknown } | RowVerdict {
  const { row, directory, crypto } = input;
  if (!row.draft.text || !row.draft.signature)
    return never('unsigned', "Nobody signed it: it was written into the workspace by someone without a member's key.");
  const read = readSignedText('draft', row.draft.text);
  if (!read.ok)
    return never(
      'unsigned',
      `Its drafter's statement cannot be read (${read.problem}): it was written or changed in the workspace by someone else.`,
    );
  const body = read.body;
  const drafter = directory.members.get(body.drafter);
  if (!drafter)
    return never(
      'unknown-drafter',
      "Its drafter is not in the workspace's signed directory: it was written by someone who is not a member.",
    );
  if (!crypto.verify(drafter.publicKey, row.draft.text, row.draft.signature)) {
    return never(
      'bad-signature',
      `Its signature is not ${drafter.name}'s: it was written or changed in the workspace by someone without that member's key.`,
    );
  }
  if (drafter.status === 'removed')
    return never('removed-drafter', `Its drafter, ${drafter.name}, was removed from the workspace.`);
  if (
    body.workspace !== directory.workspaceId ||
    body.id !== row.id ||
    body.service !== row.service ||
    body.kind !== row.kind ||
    body.idempotencyKey !== row.idempotencyKey
  ) {
    return never(
      'changed',
      `The row is not the one ${drafter.name} signed (its id, service, kind or idempotency key was changed in the workspace).`,
    );
  }
  if (crypto.sha256Hex(row.draft.payload) !== body.payloadHash) {
    return never(
      'payload-mismatch',
      `Its payload is not the one ${drafter.name} signed: it was changed in the workspace.`,
    );
  }
  let payload: unknown;
  try {
    payload = JSON.parse(row.draft.payload);
  } catch {
    return never('invalid-payload', 'Its payload cannot be read.');
  }
  // The hash matched, so this is the drafter's own text; still only canonical text is a payload.
  if (canonicalJson(payload) !== row.draft.payload)
    return never('invalid-payload', 'Its payload is not written the way the app writes it.');
  return { body, drafter, payload };
}

/**
 * Whether a row of the shared queue may be sent, and if not, what it still needs or why it never
 * will. Everything comes from signatures checked here against the directory this desktop
 * verified: the workspace is trusted to keep and order rows, never to say who approved them.
 * An approval counts when it is signed by an active approver or admin who did not draft the
 * row, over this row's id, payload hash and service, under the current policy version or an
 * earlier one (the current version decides how many are needed). A valid rejection ends it.
 */
export function rowVerdict(input: VerdictInput): RowVerdict {
  const { directory, crypto, viewer } = input;
  if (directory.broken)
    return {
      status: 'blocked',
      text: `The workspace's signed directory cannot be trusted (${directory.broken.problem}): nothing is sent until an admin repairs it.`,
      ignored: [],
    };
  const draft = checkDraft(input);
  if ('status' in draft) return draft;
  const { body, drafter, payload } = draft;
  const ignored: IgnoredDecision[] = [];
  const unseen = headProblem(directory, body.dir, drafter.name);
  if (unseen) return { status: 'blocked', text: unseen, ignored };
  const facts = policyFacts(body.kind, payload);
  if (!facts) return never('invalid-payload', `Its payload is not a valid ${body.kind}.`);
  const policy = directory.policies.get(body.service);
  const version = policy?.version ?? 0;
  const required = requiredApprovals(policy, facts);

  const approvedBy = new Set<string>();
  let firstApprovedAt: string | null = null;
  for (const d of input.decisions) {
    const read = readSignedText('decision', d.text);
    if (!read.ok) {
      ignored.push({ problem: `a decision cannot be read (${read.problem})` });
      continue;
    }
    const dec = read.body;
    const who = directory.members.get(dec.by);
    const skip = (problem: string) => ignored.push({ ...(who ? { by: who.name } : {}), problem });
    if (dec.row !== body.id || dec.workspace !== directory.workspaceId) continue;
    if (!who) skip('it is signed by someone who is not a member');
    else if (!crypto.verify(who.publicKey, d.text, d.signature)) skip(`its signature is not ${who.name}'s`);
    else if (who.status === 'removed') skip(`${who.name} was removed from the workspace`);
    else if (!DECIDING_ROLES.has(who.role)) skip(`${who.name} is a ${who.role}, who cannot approve or reject`);
    else if (dec.payloadHash !== body.payloadHash) skip(`${who.name} signed it over another payload`);
    else if (dec.service !== body.service) skip(`${who.name} signed it for another service (${dec.service})`);
    else if (dec.policyVersion > version)
      skip(`${who.name} signed it under policy version ${dec.policyVersion}, which this desktop has not verified`);
    else if (dec.by === body.drafter && dec.decision === 'approve')
      skip(`${who.name} drafted it, and a drafter never approves their own row`);
    // A decision that would count, signed under a directory this desktop has not seen (a removal,
    // a stricter policy kept from it): nothing is decided here until it has.
    else if (headProblem(directory, dec.dir, who.name))
      return { status: 'blocked', text: headProblem(directory, dec.dir, who.name) as string, ignored };
    else if (dec.decision === 'reject')
      return never('rejected', `${who.name} rejected it${dec.reason ? `: ${dec.reason}` : '.'}`, ignored);
    else {
      approvedBy.add(who.id);
      if (firstApprovedAt === null || Date.parse(dec.at) < Date.parse(firstApprovedAt)) firstApprovedAt = dec.at;
    }
  }
  const approvers = [...approvedBy];
  const missing = required - approvers.length;
  // A row no rule asks anyone for (required 0) has no approval: its drafter's time stands in.
  if (missing <= 0)
    return {
      status: 'ready',
      approvedBy: approvers,
      required,
      policyVersion: version,
      ignored,
      firstApprovedAt: firstApprovedAt ?? body.at,
    };
  const notes: string[] = [];
  if (viewer === drafter.id) notes.push('you drafted this one');
  else if (viewer && approvedBy.has(viewer)) notes.push('you approved it');
  const needed = [plural(missing, 'more approver'), ...notes].join('; ');
  return { status: 'waiting', approvedBy: approvers, required, missing, policyVersion: version, needed, ignored };
}
