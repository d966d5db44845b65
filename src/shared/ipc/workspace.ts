import { z } from 'zod';
import type { ChainHead, ChainProblem } from '../team/directory';
import type { AuditLine } from '../team/audit';
import {
  DbRole,
  DECISIONS,
  MEMBER_ROLES,
  PolicyRule,
  ServiceAddress,
  TEAM_KINDS,
  type MemberRole,
  type Policy,
  type Signed,
  type SignedDraft,
} from '../team/model';
import type { RowVerdict } from '../team/verdict';
import type { SignedState, UnresolvedClaim } from '../team/history';
import type { ConnectivityState } from './connectivity';
import { channel, event, NoArg } from './define';
import { ProfileId } from './schemas';

/**
 * The team workspace (docs/team-workspace.md): a PostgreSQL database the company runs, reached
 * only from main, where members share a queue, sign drafts and decisions, and keep an audit.
 * Nothing here exists for a person who never adds a workspace.
 */

/** Why a workspace call failed, for code (IpcError.workspace); the message says it for people. */
export type WorkspaceFailureKind =
  | 'unreachable'
  | 'auth'
  | 'tls'
  | 'version'
  | 'not-found'
  | 'refused'
  | 'stale-claim'
  | 'conflict'
  | 'no-keychain'
  | 'not-member'
  | 'invalid'
  | 'internal';

export interface WorkspaceFailure {
  kind: WorkspaceFailureKind;
  /** 'unreachable' only: the same call may work once the workspace answers again. */
  retryable: boolean;
}

export interface WorkspaceConnectivity {
  workspaceId: string;
  state: ConnectivityState;
  /** ISO time of the last change of state. */
  since: string;
  reason?: string;
}

export interface MemberView {
  id: string;
  name: string;
  role: MemberRole;
  status: 'active' | 'removed';
  dbRole: string;
  /** SHA-256 of the raw public key, grouped: `AB12 CD34 …`. */
  fingerprint: string;
}

export interface WorkspaceSummary {
  id: string;
  name: string;
  /** host:port/database, as the person compares it. */
  address: string;
  dbRole: string;
  /** The admin key this desktop pinned when it joined. */
  adminFingerprint: string;
  /** This desktop's key; `member` is null until an admin registers it. */
  me: { fingerprint: string; member: MemberView | null };
  connectivity: WorkspaceConnectivity;
}

/** Where a profile's transfers and payments are approved and sent, as main decides it. */
export type TeamBinding =
  /** No workspace covers its service: the profile's own approval rule, as without a workspace. */
  | { kind: 'solo' }
  | { kind: 'team'; workspaceId: string; name: string }
  /** A workspace covers it but this desktop cannot use it now, or which one cannot be told: nothing is queued or sent. */
  | { kind: 'unsure'; problem: string };

export interface JoinRequestView {
  dbRole: string;
  name: string;
  fingerprint: string;
  at: string;
  /** Already a member (with this key). */
  registered: boolean;
  /** Why it cannot be registered (its signature does not match its key, …). */
  problem?: string;
}

export interface DirectoryView {
  members: MemberView[];
  policies: Policy[];
  /** Requests to join: every one for an admin, one's own for others. */
  joinRequests: JoinRequestView[];
  /** Entries that do not count (written by someone without an admin's key), and why. */
  ignored: ChainProblem[];
  /** The directory was cut or rewritten: nothing is trusted or sent until it is repaired. */
  broken: ChainProblem | null;
  head: ChainHead | null;
}

export type TeamRowState = SignedState;

export interface TeamRowView {
  id: string;
  service: string;
  kind: string;
  idempotencyKey: string;
  /** What the drafter signed the payload as (null when the draft cannot be read). */
  payloadHash: string | null;
  /** The payload as the drafter signed it (read only once its signature was checked; else null). */
  payload: unknown;
  amountCents: number;
  /** The row's state as its signed history says (history.ts): what every desktop acts on. */
  state: TeamRowState;
  /** What the database's column says; never believed, shown beside `note` when it differs. */
  dbState: string;
  /** Set when the database and the signed history disagree, in words for the inbox. */
  note: string | null;
  history: {
    /** Claims whose sender signed no outcome: each may have reached the service. */
    unresolved: UnresolvedClaim[];
    /** The last signed outcome or review, in words. */
    last: string | null;
    /** Statements that do not count, and why. */
    ignored: string[];
    /** While it waits for a review, the signed outcome that left it to a person (a review names it). */
    reviewing: string | null;
    /** When an approver last found it had not gone through (their clock). */
    reopenedAt: string | null;
  };
  createdAt: string;
  drafter: { id: string; name: string } | null;
  draft: SignedDraft;
  decisions: Signed[];
  verdict: RowVerdict;
  lease: { holder: string; expires: string } | null;
  fence: number;
  claims: number;
  outcome: string | null;
}

export interface PushItemResult {
  id: string;
  status: 'added' | 'already-there' | 'refused';
  problem?: string;
}

export interface AuditView {
  lines: AuditLine[];
  breaks: ChainProblem[];
  head: ChainHead | null;
  /** Cut back or replaced behind the newest entry this desktop read before. */
  rolledBack: boolean;
}

const RowId = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'expected a lower-case UUID');
const WorkspaceId = RowId;
const Host = z
  .string()
  .trim()
  .min(1, 'enter the database server’s host name')
  .max(253)
  .regex(
    /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]|[0-9A-Fa-f:.]+)$/,
    'a host name or IP address, with no scheme, path or port',
  );
const Port = z.number().int().min(1).max(65535);
const Database = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'a database name of 1-40 lower-case letters, digits or _');
const Password = z.string().min(1, 'enter the password').max(1000);
const CaCert = z
  .string()
  .max(64_000)
  .regex(/-----BEGIN CERTIFICATE-----/, 'a PEM certificate')
  .optional();
const PersonName = z.string().trim().min(1, 'enter a name').max(100);
const SignedArg = z.strictObject({ text: z.string().max(20_000), signature: z.string().max(200) });
const SignedDraftArg = z.strictObject({
  text: z.string().max(20_000),
  signature: z.string().max(200),
  payload: z.string().max(20_000),
});
/** The most rows one signing call takes: main's prompt lists every one (questions.ts, ROWS_PER_QUESTION). */
export const SIGN_BATCH_MAX = 12;
/** The most rules a policy signed here has: main's prompt lists every one (questions.ts, POLICY_RULES_SHOWN). */
export const POLICY_RULES_MAX = 16;
const Which = z.strictObject({ workspaceId: WorkspaceId });

export const workspaceChannels = {
  'workspace:list': channel<WorkspaceSummary[]>()(NoArg),
  /** Where this profile's transfers and payments go: main decides it (coverage.ts) and refuses solo sends it does not allow. */
  'workspace:binding': channel<TeamBinding>()(z.strictObject({ profileId: ProfileId })),
  /** Sets up a workspace in an empty database with its owner's credentials (used once, never kept); this desktop is its first admin. */
  'workspace:create': channel<WorkspaceSummary>()(
    z.strictObject({
      name: PersonName,
      host: Host,
      port: Port,
      database: Database,
      ownerUser: DbRole,
      ownerPassword: Password,
      caCert: CaCert,
      adminName: PersonName,
    }),
  ),
  /** Joins with the login an admin gave; main asks the person to compare the admin key's fingerprint before it pins it. */
  'workspace:join': channel<WorkspaceSummary>()(
    z.strictObject({
      host: Host,
      port: Port,
      database: Database,
      user: DbRole,
      password: Password,
      caCert: CaCert,
      name: PersonName,
    }),
  ),
  'workspace:upgrade': channel<{ from: number; to: number }>()(
    z.strictObject({ workspaceId: WorkspaceId, ownerUser: DbRole, ownerPassword: Password }),
  ),
  /** Forgets the workspace on this desktop after main's prompt said what happens to its rows: its password and signing key leave the keychain. */
  'workspace:leave': channel<{ left: boolean }>()(Which),
  'workspace:check': channel<WorkspaceConnectivity>()(Which),
  'workspace:directory': channel<DirectoryView>()(Which),
  /** Admins: a database login for a new member, after main's prompt; the password is shown once, to hand over. */
  'workspace:addLogin': channel<{ dbRole: string; password: string }>()(Which),
  /** Admins: registers the key a login asked to join with, after comparing its fingerprint in main's prompt. */
  'workspace:register': channel<MemberView>()(
    z.strictObject({ workspaceId: WorkspaceId, dbRole: DbRole, role: z.enum(MEMBER_ROLES) }),
  ),
  /** Admins: a new role for a member, or 'removed'. */
  'workspace:setRole': channel<MemberView>()(
    z.strictObject({ workspaceId: WorkspaceId, memberId: RowId, role: z.enum([...MEMBER_ROLES, 'removed']) }),
  ),
  /** Admins: the next version of a service's policy. */
  'workspace:setPolicy': channel<Policy>()(
    z.strictObject({
      workspaceId: WorkspaceId,
      service: ServiceAddress,
      defaultApprovals: z.number().int().min(1).max(20),
      rules: z.array(PolicyRule).max(POLICY_RULES_MAX),
    }),
  ),
  /**
   * Signs drafts of one profile's transfers or payments for the workspace that covers its service
   * (main decides which, from the profile: coverage.ts), after main's prompt listed every one
   * (works offline). The renderer keeps them as the offline copy and pushes them.
   */
  'workspace:signDrafts': channel<{
    workspaceId: string;
    service: string;
    signed: (SignedDraft & { rowId: string })[];
  }>()(
    z.strictObject({
      profileId: ProfileId,
      drafts: z
        .array(z.strictObject({ rowId: RowId, kind: z.enum(TEAM_KINDS), payload: z.unknown(), idempotencyKey: RowId }))
        .min(1)
        .max(SIGN_BATCH_MAX),
    }),
  ),
  /** Approves or rejects drafts after main's prompt listed every one (works offline); one decision per draft. */
  'workspace:decide': channel<Signed[]>()(
    z.strictObject({
      workspaceId: WorkspaceId,
      drafts: z.array(SignedDraftArg).min(1).max(SIGN_BATCH_MAX),
      decision: z.enum(DECISIONS),
      reason: z.string().trim().max(500).optional(),
    }),
  ),
  /** Writes signed drafts and decisions into the workspace; the same one pushed twice is one. */
  'workspace:push': channel<{ drafts: PushItemResult[]; decisions: PushItemResult[] }>()(
    z.strictObject({
      workspaceId: WorkspaceId,
      drafts: z.array(SignedDraftArg).max(200),
      decisions: z.array(SignedArg).max(500),
    }),
  ),
  'workspace:rows': channel<TeamRowView[]>()(
    z.strictObject({
      workspaceId: WorkspaceId,
      service: ServiceAddress.optional(),
      rowIds: z.array(RowId).max(1000).optional(),
      includeClosed: z.boolean().optional(),
    }),
  ),
  /**
   * An approver's answer for a row whose send may have gone through, after main's prompt: found
   * in the transactions (sent, never sent again) or not (open again, sent with its key). Signed.
   */
  'workspace:review': channel<{ reviewed: boolean }>()(
    z.strictObject({
      workspaceId: WorkspaceId,
      rowId: RowId,
      found: z.enum(['sent', 'not-sent']),
      checked: z.string().trim().min(3, 'say what you checked').max(500),
    }),
  ),
  'workspace:cancel': channel<{ canceled: boolean }>()(z.strictObject({ workspaceId: WorkspaceId, rowId: RowId })),
  /** The whole audit, checked on this read (breaks say where); `auditCsv` (src/shared/team/audit.ts) writes it as CSV. */
  'workspace:audit': channel<AuditView>()(Which),
} as const;

export const workspaceEvents = {
  'workspace:connectivity': event<WorkspaceConnectivity>(),
  /**
   * Something changed in the workspace (LISTEN/NOTIFY); 'resync': reconnected, read everything
   * again. `keys` names what changed (a row's id for `queue_row` and `decision`), so a desktop
   * reads only those rows; absent when a burst named more than a read takes at once (read all).
   */
  'workspace:changed': event<{
    workspaceId: string;
    table: 'queue_row' | 'decision' | 'directory' | 'audit' | 'join_request' | 'resync';
    keys?: string[];
  }>(),
} as const;
