import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { PushItemResult } from '../../shared/ipc/workspace';
import { canonicalJson } from '../../shared/canonical-json';
import type { VerifiedDirectory } from '../../shared/team/directory';
import {
  DECIDING_ROLES,
  type Decision,
  type MemberRecord,
  type Signed,
  type SignedDraft,
  type TeamKind,
} from '../../shared/team/model';
import { policyFacts, teamRequest } from '../../shared/team/policy';
import { readSignedText, signedText } from '../../shared/team/signed-text';
import type { PromptGate } from '../prompt/trusted-prompt';
import { appendAuditMany, lockChain, type Actor, type AuditFields } from './chain-append';
import { nodeTeamCrypto } from './keys';
import { confirmOrThrow, decideQuestion, draftQuestion, listedRow } from './questions';
import type { Payer } from '../money/payers';
import type { WorkspaceSession } from './session';
import { workspaceFailure, WorkspaceError } from './workspace-error';
import { parsePayload } from './row-reads';

/** This desktop's member record, active, or a refusal saying why it cannot act. */
export function activeMember(dir: VerifiedDirectory, actor: Pick<Actor, 'memberId'>): MemberRecord {
  const me = dir.members.get(actor.memberId);
  if (!me || me.status !== 'active')
    throw new WorkspaceError(
      'not-member',
      'You are not an active member of this workspace: an admin registers your key first (or you were removed).',
    );
  return me;
}

export interface DraftInput {
  rowId?: string;
  kind: TeamKind;
  payload: unknown;
  idempotencyKey: string;
}

/**
 * The drafter's signed statements for new rows of `service`, after the person confirmed every one
 * of them in main's prompt (works offline: signing needs only the key and the directory this
 * desktop verified last). Each payload is checked as the service's request of its kind and kept
 * as its canonical JSON; the renderer keeps the results as the offline copy.
 */
export async function signDrafts(
  dir: VerifiedDirectory,
  actor: Actor,
  prompt: PromptGate,
  workspaceName: string,
  service: string,
  payer: Payer,
  inputs: readonly DraftInput[],
): Promise<(SignedDraft & { rowId: string })[]> {
  activeMember(dir, actor);
  const requests = inputs.map((input) => {
    const request = teamRequest(input.kind, input.payload);
    if (!request)
      throw new WorkspaceError(
        'invalid',
        `That is not a valid ${input.kind}: check the amount, the accounts and the payee. Nothing was signed.`,
      );
    return { input, request };
  });
  await confirmOrThrow(
    prompt,
    draftQuestion(
      workspaceName,
      requests.map(({ input, request }) => listedRow(input.kind, service, request)),
      payer,
    ),
    'Nothing was signed',
  );
  const at = new Date(actor.now()).toISOString();
  return requests.map(({ input, request }) => {
    const payload = canonicalJson(request);
    const rowId = input.rowId ?? randomUUID();
    const body = {
      workspace: dir.workspaceId,
      id: rowId,
      service,
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      payloadHash: nodeTeamCrypto.sha256Hex(payload),
      drafter: actor.memberId,
      at,
      ...(dir.head ? { dir: dir.head } : {}),
      payer: payer.id,
    };
    const text = signedText('draft', body);
    return { rowId, text, signature: actor.key.sign(text), payload };
  });
}

/** A draft checked as any desktop checks it: readable, signed by its drafter, its payload the one signed. */
function checkedDraft(dir: VerifiedDirectory, draft: SignedDraft) {
  const read = readSignedText('draft', draft.text);
  if (!read.ok) throw new WorkspaceError('invalid', `A draft cannot be read (${read.problem}).`);
  const body = read.body;
  const drafter = dir.members.get(body.drafter);
  if (!drafter || !nodeTeamCrypto.verify(drafter.publicKey, draft.text, draft.signature))
    throw new WorkspaceError('invalid', 'A draft is not signed by a member of the workspace: nothing was signed.');
  if (nodeTeamCrypto.sha256Hex(draft.payload) !== body.payloadHash)
    throw new WorkspaceError('invalid', "A draft's payload is not the one its drafter signed: nothing was signed.");
  const request = teamRequest(body.kind, parsePayload(draft.payload));
  if (!request) throw new WorkspaceError('invalid', `A draft's payload is not a valid ${body.kind}.`);
  return { body, drafter, request };
}

/**
 * Approves or rejects drafts with this desktop's key, after the person confirmed them in main's
 * prompt (works offline). Each decision names the row, its payload hash, its service and the
 * policy version this desktop knows for that service. Refused for a drafter, and for an approval
 * of one's own row.
 */
export async function decide(
  dir: VerifiedDirectory,
  actor: Actor,
  prompt: PromptGate,
  drafts: readonly SignedDraft[],
  decision: Decision,
  reason?: string,
): Promise<Signed[]> {
  const me = activeMember(dir, actor);
  if (!DECIDING_ROLES.has(me.role))
    throw new WorkspaceError(
      'refused',
      `You are a ${me.role} in this workspace: only approvers and admins approve or reject.`,
    );
  const checked = drafts.map((d) => checkedDraft(dir, d));
  const own = checked.find((c) => c.body.drafter === me.id);
  if (own && decision === 'approve')
    throw new WorkspaceError(
      'refused',
      'You drafted one of these: a drafter never approves their own row. Nothing was approved.',
    );
  await confirmOrThrow(
    prompt,
    decideQuestion(
      decision,
      checked.map((c) => listedRow(c.body.kind, c.body.service, c.request, c.drafter.name, c.body.payer)),
      reason,
    ),
    `Nothing was ${decision === 'approve' ? 'approved' : 'rejected'}`,
  );
  const at = new Date(actor.now()).toISOString();
  return checked.map(({ body }) => {
    const text = signedText('decision', {
      workspace: dir.workspaceId,
      id: randomUUID(),
      row: body.id,
      payloadHash: body.payloadHash,
      service: body.service,
      policyVersion: dir.policies.get(body.service)?.version ?? 0,
      decision,
      by: me.id,
      at,
      ...(reason ? { reason } : {}),
      ...(dir.head ? { dir: dir.head } : {}),
    });
    return { text, signature: actor.key.sign(text) };
  });
}

/**
 * Runs one item's write under a savepoint of the push's transaction: an item refused by the
 * database is undone alone, and the others still commit together.
 */
async function pushOne(
  client: pg.PoolClient,
  where: string,
  id: string,
  write: () => Promise<PushItemResult>,
): Promise<PushItemResult> {
  await client.query('SAVEPOINT push_item');
  try {
    const result = await write();
    await client.query('RELEASE SAVEPOINT push_item');
    return result;
  } catch (error) {
    const failure = workspaceFailure(error, where);
    if (failure.kind === 'unreachable') throw failure;
    await client.query('ROLLBACK TO SAVEPOINT push_item');
    return { id, status: 'refused', problem: failure.message };
  }
}

/**
 * Writes this desktop's signed drafts and decisions into the workspace, each with its audit entry,
 * all in one transaction: the other desktops hear of a batch of approvals once, when it commits,
 * rather than once per item while it is written. Idempotent: an item already there (the same
 * text) is 'already-there', so pushing the offline copy again after a lost answer adds nothing.
 * Only this member's own statements are pushed from here.
 */
export function push(
  session: WorkspaceSession,
  dir: VerifiedDirectory,
  actor: Actor,
  items: { drafts: readonly SignedDraft[]; decisions: readonly Signed[] },
): Promise<{ drafts: PushItemResult[]; decisions: PushItemResult[] }> {
  activeMember(dir, actor);
  return session.tx((client) => pushItems(client, session.where, actor, items));
}

/** One signed item of a push, checked as this desktop's own, ready to insert. */
interface Checked {
  id: string;
  /** The insert's values, in its columns' order. */
  values: unknown[];
  /** What the audit says when it is added. */
  audit: AuditFields;
  /** The signed text an item already in the workspace must match to be this one. */
  text: string;
}

const DRAFT_COLUMNS = {
  table: 'queue_row',
  text: 'draft_text',
  columns: ['id', 'service', 'kind', 'idempotency_key', 'payload', 'draft_text', 'draft_signature', 'amount_cents'],
  types: ['uuid', 'text', 'text', 'uuid', 'text', 'text', 'text', 'bigint'],
} as const;
const DECISION_COLUMNS = {
  table: 'decision',
  text: 'text',
  columns: ['id', 'row_id', 'member_id', 'decision', 'policy_version', 'text', 'signature'],
  types: ['uuid', 'uuid', 'uuid', 'text', 'integer', 'text', 'text'],
} as const;
type Target = typeof DRAFT_COLUMNS | typeof DECISION_COLUMNS;

/**
 * Inserts a push's items of one table: in one statement when the database takes them all (the
 * usual case: a batch of 100 approvals is one insert and one audit write), else one by one
 * under savepoints, so an item the database refuses is undone alone. An item whose id is taken
 * is 'already-there' when it is the same text, else refused with `taken`. The audit entries of
 * the items added are appended together, in the items' order.
 */
async function insertAll(
  client: pg.PoolClient,
  where: string,
  actor: Actor,
  target: Target,
  all: readonly Checked[],
  taken: (item: Checked) => string,
): Promise<Map<string, PushItemResult>> {
  const results = new Map<string, PushItemResult>();
  // An item pushed twice in one push is written (and audited) once.
  const seen = new Set<string>();
  const items = all.filter((item) => !seen.has(item.id) && seen.add(item.id));
  if (items.length === 0) return results;
  await lockChain(client, 'audit');
  const columns = target.columns.join(', ');
  let added: Set<string> | null = null;
  await client.query('SAVEPOINT push_all');
  try {
    const arrays = target.columns.map((_, i) => items.map((item) => item.values[i]));
    const unnest = target.types.map((t, i) => `$${i + 1}::${t}[]`).join(', ');
    const ins = await client.query<{ id: string }>(
      `INSERT INTO team.${target.table} (${columns}) SELECT * FROM unnest(${unnest}) ON CONFLICT DO NOTHING RETURNING id::text AS id`,
      arrays,
    );
    await client.query('RELEASE SAVEPOINT push_all');
    added = new Set(ins.rows.map((r) => r.id));
  } catch (error) {
    if (workspaceFailure(error, where).kind === 'unreachable') throw error;
    await client.query('ROLLBACK TO SAVEPOINT push_all');
  }
  for (const item of items) {
    if (added) {
      results.set(
        item.id,
        added.has(item.id) ? { id: item.id, status: 'added' } : await existing(client, target, item, taken(item)),
      );
      continue;
    }
    const placeholders = target.columns.map((_, i) => `$${i + 1}`).join(', ');
    results.set(
      item.id,
      await pushOne(client, where, item.id, async () => {
        const ins = await client.query(
          `INSERT INTO team.${target.table} (${columns}) VALUES (${placeholders}) ON CONFLICT DO NOTHING RETURNING id`,
          item.values,
        );
        return ins.rowCount === 0 ? existing(client, target, item, taken(item)) : { id: item.id, status: 'added' };
      }),
    );
  }
  await appendAuditMany(
    client,
    actor,
    items.filter((item) => results.get(item.id)?.status === 'added').map((item) => item.audit),
  );
  return results;
}

async function pushItems(
  client: pg.PoolClient,
  where: string,
  actor: Actor,
  items: { drafts: readonly SignedDraft[]; decisions: readonly Signed[] },
): Promise<{ drafts: PushItemResult[]; decisions: PushItemResult[] }> {
  const drafts = items.drafts.map((d): Checked | PushItemResult => {
    const read = readSignedText('draft', d.text);
    const body = read.ok ? read.body : null;
    if (
      !body ||
      body.drafter !== actor.memberId ||
      !nodeTeamCrypto.verify(actor.key.publicKey, d.text, d.signature) ||
      nodeTeamCrypto.sha256Hex(d.payload) !== body.payloadHash
    ) {
      return { id: body?.id ?? '', status: 'refused', problem: 'It is not a draft this desktop signed.' };
    }
    const amount = policyFacts(body.kind, parsePayload(d.payload))?.amountCents ?? 0;
    return {
      id: body.id,
      values: [body.id, body.service, body.kind, body.idempotencyKey, d.payload, d.text, d.signature, amount],
      audit: {
        event: 'draft',
        subject: body.id,
        detail: { kind: body.kind, amountCents: amount, service: body.service },
      },
      text: d.text,
    };
  });
  const decisions = items.decisions.map((d): Checked | PushItemResult => {
    const read = readSignedText('decision', d.text);
    const body = read.ok ? read.body : null;
    if (!body || body.by !== actor.memberId || !nodeTeamCrypto.verify(actor.key.publicKey, d.text, d.signature)) {
      return { id: body?.id ?? '', status: 'refused', problem: 'It is not a decision this desktop signed.' };
    }
    return {
      id: body.id,
      values: [body.id, body.row, body.by, body.decision, body.policyVersion, d.text, d.signature],
      audit: {
        event: body.decision,
        subject: body.row,
        detail: { policyVersion: body.policyVersion, ...(body.reason ? { reason: body.reason } : {}) },
      },
      text: d.text,
    };
  });
  const isChecked = (x: Checked | PushItemResult): x is Checked => 'values' in x;
  // Drafts first: a decision in the same push may be about one of them.
  const draftsDone = await insertAll(
    client,
    where,
    actor,
    DRAFT_COLUMNS,
    drafts.filter(isChecked),
    () => 'Another row already uses this id or idempotency key.',
  );
  const decisionsDone = await insertAll(
    client,
    where,
    actor,
    DECISION_COLUMNS,
    decisions.filter(isChecked),
    (item) => `You already decided this row under policy version ${String(item.values[4])}.`,
  );
  const answer = (list: (Checked | PushItemResult)[], done: Map<string, PushItemResult>) =>
    list.map((x) =>
      isChecked(x) ? (done.get(x.id) ?? { id: x.id, status: 'refused' as const, problem: 'It was not written.' }) : x,
    );
  return { drafts: answer(drafts, draftsDone), decisions: answer(decisions, decisionsDone) };
}

async function existing(
  client: pg.ClientBase,
  target: Target,
  item: Checked,
  otherwise: string,
): Promise<PushItemResult> {
  const r = await client.query<{ t: string }>(`SELECT ${target.text} AS t FROM team.${target.table} WHERE id = $1`, [
    item.id,
  ]);
  return r.rows[0]?.t === item.text
    ? { id: item.id, status: 'already-there' }
    : { id: item.id, status: 'refused', problem: otherwise };
}
