import { formatUsd } from '../../shared/money';
import type { PayRequest, TransferRequest } from '../../shared/service';
import type { Decision, MemberRole, Policy, TeamKind } from '../../shared/team/model';
import { teamRequest } from '../../shared/team/policy';
import { readSignedText } from '../../shared/team/signed-text';
import { HandlerError } from '../errors/handler-error';
import {
  plainLine,
  PROMPT_LINE_MAX,
  PROMPT_REFUSALS,
  type PromptGate,
  type PromptQuestion,
} from '../prompt/trusted-prompt';
import { isLoopback } from './connection';
import { WorkspaceError } from './workspace-error';

/**
 * main's questions about the workspace, asked in its own prompt (the page can neither answer nor
 * see them): before a typed password goes to a typed server, before an admin key is pinned,
 * and before this desktop's key signs what the page asked it to sign.
 */

/** Asks; throws 'declined' (nothing done) unless the person confirmed. */
export async function confirmOrThrow(prompt: PromptGate, question: PromptQuestion, nothing: string): Promise<void> {
  const outcome = await prompt.ask(question);
  if (outcome !== 'confirmed') throw new HandlerError('declined', `${nothing}: ${PROMPT_REFUSALS[outcome]}.`);
}

export function connectQuestion(
  purpose: 'create' | 'join' | 'upgrade',
  a: { host: string; port: number; database: string; user: string; where: string },
): PromptQuestion {
  const what = {
    create: 'Create a team workspace',
    join: 'Join a team workspace',
    upgrade: 'Upgrade a team workspace',
  }[purpose];
  return {
    kind: 'workspace-connect',
    title: what,
    message: `Send the password you typed for the database role “${a.user}” to ${a.where}?`,
    detail: [
      `Database server: ${a.host}, port ${a.port}`,
      `Database: ${a.database}`,
      isLoopback(a.host)
        ? 'Connection: to this computer only'
        : 'Connection: TLS, with the server’s certificate checked for this host name',
      ...(purpose === 'join' ? [] : ['The owner’s password is used for this step only and is not kept.']),
      'Confirm only if you typed this address yourself, from what your admin gave you.',
    ],
    confirm: purpose === 'join' ? 'Connect' : purpose === 'create' ? 'Create it' : 'Upgrade it',
    cancel: 'Cancel',
  };
}

/** Splits a fingerprint over two lines (8 groups each), as people read it aloud. */
function fingerprintLines(fp: string): string[] {
  const groups = fp.split(' ');
  return [groups.slice(0, 8).join(' '), groups.slice(8).join(' ')];
}

export function pinQuestion(name: string, where: string, fingerprint: string): PromptQuestion {
  return {
    kind: 'workspace-pin',
    title: 'Compare the admin key',
    message: `Is this the admin key your admin sees for the workspace “${name}”?`,
    detail: [
      `Workspace: ${name}, at ${where}`,
      'Admin key fingerprint:',
      ...fingerprintLines(fingerprint),
      'Compare every group with your admin in person or by phone, not by a message over the same network.',
      'If one group differs, answer No: the workspace you reached is not your company’s, or someone changed it.',
    ],
    confirm: 'They match',
    cancel: 'They differ',
  };
}

export function registerQuestion(name: string, role: MemberRole, dbRole: string, fingerprint: string): PromptQuestion {
  return {
    kind: 'workspace-sign',
    title: 'Register a member',
    message: `Register “${name}” as ${role === 'drafter' ? 'a drafter' : role === 'admin' ? 'an admin' : 'an approver'}, with the key below?`,
    detail: [
      `Database role: ${dbRole}`,
      'Their key fingerprint:',
      ...fingerprintLines(fingerprint),
      'Compare every group with the one on their screen, in person or by phone. If one differs, answer No.',
      'Your signature makes their approvals count in this workspace.',
    ],
    confirm: 'Register',
    cancel: 'Cancel',
  };
}

export function setRoleQuestion(name: string, from: MemberRole, to: MemberRole | 'removed'): PromptQuestion {
  return {
    kind: 'workspace-sign',
    title: to === 'removed' ? 'Remove a member' : 'Change a member’s role',
    message:
      to === 'removed'
        ? `Remove “${name}” from the workspace?`
        : `Make “${name}” ${to === 'admin' ? 'an admin' : `a${to === 'approver' ? 'n approver' : ' drafter'}`} (now ${from})?`,
    detail:
      to === 'removed'
        ? ['Their approvals stop counting, on rows not sent yet too, and they can no longer sign in to the workspace.']
        : ['Your signature makes the change count on every desktop.'],
    confirm: to === 'removed' ? 'Remove' : 'Change the role',
    cancel: 'Cancel',
  };
}

function describeRule(r: Policy['rules'][number]): string {
  const parts: string[] = [];
  if (r.minCents !== undefined && r.maxCents !== undefined)
    parts.push(`from ${formatUsd(r.minCents)} to ${formatUsd(r.maxCents)}`);
  else if (r.minCents !== undefined) parts.push(`from ${formatUsd(r.minCents)}`);
  else if (r.maxCents !== undefined) parts.push(`up to ${formatUsd(r.maxCents)}`);
  if (r.accounts) parts.push(`from ${r.accounts.join(', ')}`);
  if (r.payees) parts.push(`to ${r.payees.join(', ')}`);
  return `${parts.length ? parts.join(' ') : 'Every row'}: ${r.approvals} approver${r.approvals === 1 ? '' : 's'}`;
}

/** The most rules a policy may have to be signed: every one is shown in the confirmation. */
export const POLICY_RULES_SHOWN = 16;

export function policyQuestion(policy: Policy): PromptQuestion {
  const looser = policy.rules.filter((r) => r.approvals < policy.defaultApprovals);
  return {
    kind: 'workspace-sign',
    title: 'Change an approval policy',
    message: `Sign version ${policy.version} of the approval policy for ${policy.service}?`,
    detail: [
      `Rows no rule covers: ${policy.defaultApprovals} approver${policy.defaultApprovals === 1 ? '' : 's'}`,
      ...policy.rules.map(
        (r, i) =>
          `Rule ${i + 1}. ${describeRule(r)}${r.approvals < policy.defaultApprovals ? ' (looser than the default)' : ''}`,
      ),
      ...(looser.length > 0
        ? [
            `Warning: ${looser.length === 1 ? 'one rule asks' : `${looser.length} rules ask`} fewer approvers than rows no rule covers; the rows ${looser.length === 1 ? 'it covers' : 'they cover'} need less, unless a stricter rule covers them too.`,
          ]
        : []),
      'It applies at once to every row not sent yet; a drafter never counts toward their own row.',
    ],
    confirm: 'Sign the policy',
    cancel: 'Cancel',
  };
}

/** How many rows one signing question lists (each on its line): a question shows everything it signs. */
export const ROWS_PER_QUESTION = 12;

/** One row as a signing question lists it: its kind, amount, where it goes and where from, on which service. */
export interface ListedRow {
  kind: TeamKind;
  amountCents: number;
  /** A transfer's destination, a payment's handle. */
  payee: string;
  /** A transfer's source, a payment's source handle (absent: the key's own). */
  source?: string;
  /** A payment's legal entity, when it names one (its handle pays). */
  legalEntity?: string;
  service: string;
  /** Who drafted it (decisions only). */
  drafter?: string;
  /** The account the draft names to pay it, by the service's id (decisions only). */
  payer?: string;
}

/** A row as a signing question lists it, from its payload read as the service's request of its kind. */
export function listedRow(
  kind: TeamKind,
  service: string,
  request: TransferRequest | PayRequest,
  drafter?: string,
  payer?: string,
): ListedRow {
  const base =
    'source' in request
      ? { payee: request.destination, source: request.source }
      : {
          payee: request.svcHandle,
          ...(request.sourceSvcHandleId ? { source: request.sourceSvcHandleId } : {}),
          ...(request.legalEntityId ? { legalEntity: request.legalEntityId } : {}),
        };
  return {
    kind,
    amountCents: request.amountCents,
    service,
    ...base,
    ...(drafter ? { drafter } : {}),
    ...(payer ? { payer } : {}),
  };
}

/**
 * A workspace row as a question lists it, only from the payload its drafter signed (checked):
 * a row whose payload this desktop could not verify is never signed about, since the amount and
 * payee shown would be the database's word.
 */
export function listedView(row: {
  kind: string;
  service: string;
  payload: unknown;
  drafter: { name: string } | null;
  draft: { text: string };
}): ListedRow {
  const kind = row.kind === 'transfer' || row.kind === 'payment' ? row.kind : null;
  const request = kind && row.payload !== null ? teamRequest(kind, row.payload) : null;
  if (!kind || !request)
    throw new WorkspaceError(
      'refused',
      'This row’s signed draft could not be verified on this desktop, so what it moves cannot be shown: nothing was signed.',
    );
  return listedRow(kind, row.service, request, row.drafter?.name, payerOfDraft(row.draft.text));
}

/** The payer a signed draft names (read without checking: the row was verified before it is listed). */
function payerOfDraft(text: string): string | undefined {
  const read = readSignedText('draft', text);
  return read.ok ? read.body.payer : undefined;
}

function rowLine(r: ListedRow, oneService: boolean): string {
  const own = r.payer ? `the drafter’s own account ${r.payer}` : 'the key’s own handle';
  const from = r.source ?? (r.legalEntity ? `the handle of legal entity ${r.legalEntity}` : own);
  const what =
    r.kind === 'transfer'
      ? `Transfer ${formatUsd(r.amountCents)} from ${r.source ?? '?'} to ${r.payee}`
      : `Payment ${formatUsd(r.amountCents)} to @${r.payee.replace(/^@/, '')} from ${from}${r.source && r.legalEntity ? ` (legal entity ${r.legalEntity})` : ''}`;
  return `${what}${r.drafter ? `, drafted by ${r.drafter}` : ''}${oneService ? '' : `, on ${r.service}`}`;
}

/**
 * The lines that list every row, with the service once when they share it. A line the prompt
 * would cut is refused instead: a question never signs what it does not show in full.
 */
function listed(rows: readonly ListedRow[]): string[] {
  if (rows.length > ROWS_PER_QUESTION) throw new Error(`a question lists at most ${ROWS_PER_QUESTION} rows`);
  const services = new Set(rows.map((r) => r.service));
  const one = services.size === 1;
  const lines = [...(one ? [`Service: ${[...services][0] as string}`] : []), ...rows.map((r) => rowLine(r, one))];
  const long = lines.find((l) => plainLine(l, Number.MAX_SAFE_INTEGER).length > PROMPT_LINE_MAX);
  if (long !== undefined)
    throw new WorkspaceError(
      'invalid',
      `A row’s accounts, payee or service are too long to show in full in the confirmation (${long.slice(0, 60)}…): nothing was signed. Use shorter names.`,
    );
  return lines;
}

export function decideQuestion(decision: Decision, rows: readonly ListedRow[], reason?: string): PromptQuestion {
  const total = rows.reduce((sum, r) => sum + r.amountCents, 0);
  const verb = decision === 'approve' ? 'Approve' : 'Reject';
  return {
    kind: 'workspace-sign',
    title: `${verb} with your key`,
    message:
      rows.length === 1
        ? `${verb} this ${rows[0]?.kind === 'payment' ? 'payment' : 'transfer'} of ${formatUsd(total)}?`
        : `${verb} these ${rows.length} items, ${formatUsd(total)} in all?`,
    detail: [
      ...listed(rows),
      ...(reason ? [`Reason: ${reason}`] : []),
      'Your signature is your decision: it is shared with your team and kept in the audit.',
    ],
    confirm: verb,
    cancel: 'Cancel',
  };
}

export function draftQuestion(
  workspace: string,
  rows: readonly ListedRow[],
  payer: { svcHandle: string; name: string },
): PromptQuestion {
  const total = rows.reduce((sum, r) => sum + r.amountCents, 0);
  return {
    kind: 'workspace-sign',
    title: 'Sign drafts for your team',
    message:
      rows.length === 1
        ? `Sign this ${rows[0]?.kind === 'payment' ? 'payment' : 'transfer'} of ${formatUsd(total)} as a draft for ${workspace}?`
        : `Sign these ${rows.length} drafts, ${formatUsd(total)} in all, for ${workspace}?`,
    detail: [
      ...listed(rows),
      `Paid from: @${payer.svcHandle.replace(/^@/, '')} (${payer.name}), this profile’s own account: only a desktop holding its key sends ${rows.length === 1 ? 'it' : 'them'}`,
      'Your signature says you asked for these; approvers of the workspace decide whether they are sent.',
    ],
    confirm: rows.length === 1 ? 'Sign the draft' : 'Sign the drafts',
    cancel: 'Cancel',
  };
}

export function reviewQuestion(row: ListedRow, found: 'sent' | 'not-sent', checked: string): PromptQuestion {
  return {
    kind: 'workspace-sign',
    title: 'Review a send that may have gone through',
    message:
      found === 'sent'
        ? 'Record that this went through? It will not be sent again.'
        : 'Record that this did not go through? It will be sent again, with its key.',
    detail: [
      ...listed([row]),
      `What you checked: ${checked}`,
      'Your signature is your answer: it is shared with your team and kept in the audit.',
    ],
    confirm: found === 'sent' ? 'It went through' : 'It did not: send it',
    cancel: 'Cancel',
  };
}

export function cancelQuestion(row: ListedRow): PromptQuestion {
  return {
    kind: 'workspace-sign',
    title: 'Cancel a row for your team',
    message: `Cancel this ${row.kind} of ${formatUsd(row.amountCents)}? It is never sent, by any desktop.`,
    detail: [
      ...listed([row]),
      'Your signature withdraws it for the whole team and is kept in the audit; it cannot be undone.',
    ],
    confirm: 'Cancel it',
    cancel: 'Keep it',
  };
}

export function loginQuestion(workspace: string): PromptQuestion {
  return {
    kind: 'workspace-sign',
    title: 'Make a login for a new member',
    message: `Make a new database login for ${workspace}?`,
    detail: [
      'Its password is shown once, to hand to the new member in person.',
      'They join with it from their desktop; you then register their key after comparing its fingerprint.',
    ],
    confirm: 'Make the login',
    cancel: 'Cancel',
  };
}

export function leaveQuestion(workspace: string, open: number | null): PromptQuestion {
  const rows =
    open === null
      ? 'Its open rows (it cannot be read now to count them) stay in the workspace for the team to approve and send; this desktop no longer approves or sends them.'
      : open === 0
        ? 'It has no open rows now; rows added there later are for the team to approve and send.'
        : open === 1
          ? 'Its 1 open row stays in the workspace for the team to approve and send; this desktop no longer approves or sends it.'
          : `Its ${open} open rows stay in the workspace for the team to approve and send; this desktop no longer approves or sends them.`;
  return {
    kind: 'workspace-sign',
    title: 'Leave a team workspace',
    message: `Leave ${workspace} on this desktop?`,
    detail: [
      rows,
      'Rows you drafted there are never approved or sent by this desktop alone.',
      'Your signing key and the database password are removed from this computer’s keychain.',
      'Profiles it covered go back to being approved on this desktop, by their own rule.',
    ],
    confirm: 'Leave the workspace',
    cancel: 'Stay',
  };
}
