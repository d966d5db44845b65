import { formatCents } from '../../shared/money';
import type { Decision, MemberRole, Policy, TeamKind } from '../../shared/team/model';
import { HandlerError } from '../ipc/dispatch';
import { PROMPT_REFUSALS, type PromptGate, type PromptQuestion } from '../prompt/trusted-prompt';
import { isLoopback } from './connection';

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

export function connectQuestion(purpose: 'create' | 'join' | 'upgrade', a: { host: string; port: number; database: string; user: string; where: string }): PromptQuestion {
  const what = { create: 'Create a team workspace', join: 'Join a team workspace', upgrade: 'Upgrade a team workspace' }[purpose];
  return {
    kind: 'workspace-connect',
    title: what,
    message: `Send the password you typed for the database role “${a.user}” to ${a.where}?`,
    detail: [
      `Database server: ${a.host}, port ${a.port}`,
      `Database: ${a.database}`,
      isLoopback(a.host) ? 'Connection: to this computer only' : 'Connection: TLS, with the server’s certificate checked for this host name',
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
    message: to === 'removed' ? `Remove “${name}” from the workspace?` : `Make “${name}” ${to === 'admin' ? 'an admin' : `a${to === 'approver' ? 'n approver' : ' drafter'}`} (now ${from})?`,
    detail: to === 'removed' ? ['Their approvals stop counting, on rows not sent yet too, and they can no longer sign in to the workspace.'] : ['Your signature makes the change count on every desktop.'],
    confirm: to === 'removed' ? 'Remove' : 'Change the role',
    cancel: 'Cancel',
  };
}

function describeRule(r: Policy['rules'][number]): string {
  const parts: string[] = [];
  if (r.minCents !== undefined && r.maxCents !== undefined) parts.push(`from ${formatCents(r.minCents)} to ${formatCents(r.maxCents)}`);
  else if (r.minCents !== undefined) parts.push(`from ${formatCents(r.minCents)}`);
  else if (r.maxCents !== undefined) parts.push(`up to ${formatCents(r.maxCents)}`);
  if (r.accounts) parts.push(`from ${r.accounts.join(', ')}`);
  if (r.payees) parts.push(`to ${r.payees.join(', ')}`);
  return `${parts.length ? parts.join(' ') : 'Every row'}: ${r.approvals} approver${r.approvals === 1 ? '' : 's'}`;
}

export function policyQuestion(policy: Policy): PromptQuestion {
  return {
    kind: 'workspace-sign',
    title: 'Change an approval policy',
    message: `Sign version ${policy.version} of the approval policy for ${policy.service}?`,
    detail: [
      `Rows no rule covers: ${policy.defaultApprovals} approver${policy.defaultApprovals === 1 ? '' : 's'}`,
      ...policy.rules.slice(0, 8).map(describeRule),
      ...(policy.rules.length > 8 ? [`…and ${policy.rules.length - 8} more rules`] : []),
      'It applies at once to every row not sent yet; a drafter never counts toward their own row.',
    ],
    confirm: 'Sign the policy',
    cancel: 'Cancel',
  };
}

export interface DecidedRow {
  kind: TeamKind;
  amountCents: number;
  payee: string;
  drafter: string;
}

export function decideQuestion(decision: Decision, rows: readonly DecidedRow[], reason?: string): PromptQuestion {
  const total = rows.reduce((sum, r) => sum + r.amountCents, 0);
  const verb = decision === 'approve' ? 'Approve' : 'Reject';
  const shown = rows.slice(0, 6).map((r) => `${r.kind === 'transfer' ? 'Transfer' : 'Payment'} of ${formatCents(r.amountCents)} to ${r.payee}, drafted by ${r.drafter}`);
  return {
    kind: 'workspace-sign',
    title: `${verb} with your key`,
    message: rows.length === 1 ? `${verb} this ${rows[0]?.kind === 'payment' ? 'payment' : 'transfer'} of ${formatCents(total)}?` : `${verb} these ${rows.length} items, ${formatCents(total)} in all?`,
    detail: [...shown, ...(rows.length > shown.length ? [`…and ${rows.length - shown.length} more`] : []), ...(reason ? [`Reason: ${reason}`] : []), 'Your signature is your decision: it is shared with your team and kept in the audit.'],
    confirm: verb,
    cancel: 'Cancel',
  };
}
