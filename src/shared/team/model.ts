import { DEMO_SERVICE } from '../service-address';
import { z } from 'zod';
import { Cents } from '../service/common';
import { exactText, NAME_MAX } from '../service/text';

/**
 * What the team workspace stores and signs (docs/team-workspace.md). Every statement a member
 * makes (a directory entry, a draft, a decision, an audit entry, a request to join) is a body
 * below, written as signed text (signed-text.ts) and signed with the member's Ed25519 key. The
 * database keeps the text and the signature as they were made; a desktop believes a statement
 * only after it checked the signature against the directory it verified from its pinned key.
 */

export const MEMBER_ROLES = ['admin', 'approver', 'drafter'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Roles whose approvals and rejections count (an admin is an approver too). */
export const DECIDING_ROLES: ReadonlySet<MemberRole> = new Set(['admin', 'approver']);

/** The kinds of row the team queue holds: what moves money. */
export const TEAM_KINDS = ['transfer', 'payment'] as const;
export type TeamKind = (typeof TEAM_KINDS)[number];

const Uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'expected a lower-case UUID');
/** Standard base64 of the raw 32-byte Ed25519 public key. */
const PublicKey = z.string().regex(/^[A-Za-z0-9+/]{43}=$/, 'expected a base64 Ed25519 public key');
const Hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'expected a SHA-256 in hex');
/** The hash of the entry before, or '' for the first. */
const Prev = z.union([Hex64, z.literal('')]);
const At = z.iso.datetime({ offset: false });
/** A PostgreSQL login role of the workspace (the bootstrap makes them: `<database>_m_<hex>`). */
export const DbRole = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, 'expected a database role name');
/**
 * A service address as `serviceOf` writes it: origin and path, no trailing slash; or the Demo's
 * (`demo`), which only the Demo's own team covers (src/main/workspace/coverage.ts).
 */
export const ServiceAddress = z
  .string()
  .max(2048)
  .refine((s) => {
    if (s === DEMO_SERVICE) return true;
    try {
      const u = new URL(s);
      return (
        (u.protocol === 'https:' || u.protocol === 'http:') && `${u.origin}${u.pathname.replace(/\/+$/, '')}` === s
      );
    } catch {
      return false;
    }
  }, 'expected a service address such as https://api.example.com');
// Refused rather than trimmed: a signed value is never rewritten on its way in.
const Name = exactText(NAME_MAX).refine(
  (s) => s.length > 0 && s.trim() === s,
  'a name is not empty and neither starts nor ends with a space',
);

export const MemberRecord = z.strictObject({
  id: Uuid,
  name: Name,
  role: z.enum(MEMBER_ROLES),
  publicKey: PublicKey,
  dbRole: DbRole,
  status: z.enum(['active', 'removed']),
});
export type MemberRecord = z.infer<typeof MemberRecord>;

const MAX_LIST = 200;
const Ids = z
  .array(exactText(200).refine((s) => s.length > 0, 'an id cannot be empty'))
  .min(1)
  .max(MAX_LIST);

/**
 * One rule of a policy: the rows it covers (all of its conditions hold; a condition left out
 * holds for every row) and how many distinct approvers they need. Amounts in cents, `minCents`
 * included and `maxCents` included.
 */
export const PolicyRule = z
  .strictObject({
    minCents: Cents.nonnegative().optional(),
    maxCents: Cents.nonnegative().optional(),
    /** Source accounts: a transfer's source, a payment's sourceSvcHandleId. */
    accounts: Ids.optional(),
    /** Payees: a transfer's destination, a payment's svcHandle. */
    payees: Ids.optional(),
    approvals: z.number().int().min(1).max(20),
  })
  .refine(
    (r) => r.minCents === undefined || r.maxCents === undefined || r.minCents <= r.maxCents,
    'minCents is above maxCents',
  );
export type PolicyRule = z.infer<typeof PolicyRule>;

/**
 * The approval policy of one service: a row needs the most approvals any matching rule asks,
 * or `defaultApprovals` when none matches. At least one approver always: a team row never
 * sends on its drafter's word alone.
 */
export const Policy = z.strictObject({
  service: ServiceAddress,
  version: z.number().int().min(1),
  defaultApprovals: z.number().int().min(1).max(20),
  rules: z.array(PolicyRule).max(100),
});
export type Policy = z.infer<typeof Policy>;

const DirectoryBase = { workspace: Uuid, seq: z.number().int().min(0), prev: Prev, at: At, by: Uuid };

/**
 * The newest directory entry the signer had verified when they signed (its number and hash). A
 * desktop acts on a row only once its own directory holds every entry the row's statements name,
 * so an entry withheld from it (a stricter policy, a removal) cannot loosen the policy there.
 * Statements written before schema version 4 name none.
 */
export const DirectoryHead = z.strictObject({ seq: z.number().int().min(0), hash: Hex64 });
export type DirectoryHead = z.infer<typeof DirectoryHead>;
export const DirectoryBody = z.discriminatedUnion('entry', [
  z.strictObject({ ...DirectoryBase, entry: z.literal('member'), member: MemberRecord }),
  z.strictObject({ ...DirectoryBase, entry: z.literal('policy'), policy: Policy }),
]);
export type DirectoryBody = z.infer<typeof DirectoryBody>;

export const DraftBody = z.strictObject({
  workspace: Uuid,
  id: Uuid,
  service: ServiceAddress,
  kind: z.enum(TEAM_KINDS),
  idempotencyKey: Uuid,
  /** SHA-256 (hex) of the payload's canonical JSON, as the outbox computes it. */
  payloadHash: Hex64,
  drafter: Uuid,
  at: At,
  dir: DirectoryHead.optional(),
  /**
   * Who pays: the service's id of the drafting profile's own handle (its API key's legal entity).
   * A desktop whose key pays from another handle never sends the row: at one service address,
   * two companies' keys would otherwise pay each other's rows. Absent when the drafter could not
   * read it (offline, never read before).
   */
  payer: exactText(200).optional(),
});
export type DraftBody = z.infer<typeof DraftBody>;

export const DECISIONS = ['approve', 'reject'] as const;
export type Decision = (typeof DECISIONS)[number];

export const DecisionBody = z.strictObject({
  workspace: Uuid,
  id: Uuid,
  row: Uuid,
  payloadHash: Hex64,
  service: ServiceAddress,
  /** The policy version the member saw when deciding (0: no policy set yet for the service). */
  policyVersion: z.number().int().min(0),
  decision: z.enum(DECISIONS),
  by: Uuid,
  at: At,
  reason: exactText(500).optional(),
  dir: DirectoryHead.optional(),
});
export type DecisionBody = z.infer<typeof DecisionBody>;

/** What sending a claimed row came to, as its sender signs it. */
export const OUTCOME_STATES = ['sent', 'failed', 'needs-review', 'open'] as const;
export type OutcomeState = (typeof OUTCOME_STATES)[number];

const RowEventBase = { workspace: Uuid, id: Uuid, row: Uuid, payloadHash: Hex64, by: Uuid, at: At, dir: DirectoryHead };

/**
 * A row's history, each step signed by whoever took it (schema version 4): a claim (the fencing
 * number the sender got), its outcome, a cancellation, and a person's review of a row whose send
 * may have gone through. A row's state is what these say; the database's columns are not believed.
 */
export const RowEventBody = z.discriminatedUnion('event', [
  z.strictObject({ ...RowEventBase, event: z.literal('claim'), fence: z.number().int().min(1) }),
  z.strictObject({
    ...RowEventBase,
    event: z.literal('outcome'),
    fence: z.number().int().min(1),
    state: z.enum(OUTCOME_STATES),
    detail: exactText(1000),
  }),
  z.strictObject({ ...RowEventBase, event: z.literal('cancel') }),
  /**
   * An approver's answer to "did it go through?", naming what they checked and the outcome that
   * left the row to a person (`settles`): an old review replayed into a later wait answers nothing.
   */
  z.strictObject({
    ...RowEventBase,
    event: z.literal('review'),
    found: z.enum(['sent', 'not-sent']),
    checked: exactText(500),
    settles: Uuid,
  }),
]);
export type RowEventBody = z.infer<typeof RowEventBody>;

export const AUDIT_EVENTS = [
  'workspace',
  'member',
  'policy',
  'draft',
  'approve',
  'reject',
  'cancel',
  'claim',
  'outcome',
  'review',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

/** Small facts about the event (amounts, states, a fencing number), shown in the audit and its CSV. */
const AuditDetail = z.record(z.string().max(40), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]));

export const AuditBody = z.strictObject({
  workspace: Uuid,
  seq: z.number().int().min(0),
  prev: Prev,
  at: At,
  by: Uuid,
  event: z.enum(AUDIT_EVENTS),
  /** What it is about: a row id, a member id or a service address. */
  subject: z.string().max(2048),
  detail: AuditDetail,
});
export type AuditBody = z.infer<typeof AuditBody>;

/** A desktop asking to be registered: signed with the key it asks for, so it holds that key. */
export const JoinBody = z.strictObject({
  workspace: Uuid,
  dbRole: DbRole,
  name: Name,
  publicKey: PublicKey,
  at: At,
});
export type JoinBody = z.infer<typeof JoinBody>;

/** A statement as stored and carried: its exact signed text and the signature (base64). */
export interface Signed {
  text: string;
  signature: string;
}

/** A draft as it travels (offline copy, push, the shared queue): the statement plus its payload's canonical JSON. */
export interface SignedDraft extends Signed {
  payload: string;
}

/** What verifying needs of the platform's crypto; main gives node:crypto's. */
export interface TeamCrypto {
  /** SHA-256 (hex, lower case) of the text's UTF-8 bytes. */
  sha256Hex(text: string): string;
  /** Whether `signature` (base64) is the Ed25519 signature of the text's UTF-8 bytes by `publicKey` (base64, raw). */
  verify(publicKey: string, text: string, signature: string): boolean;
}
