import type { IpcError, WorkspaceConnectivity, WorkspaceFailureKind } from '../../../../shared/ipc';
import type { MemberRole, PolicyRule } from '../../../../shared/team/model';
import { count, dateTime, money } from '../../model/format';

/** The team workspace in words: its connection, roles, failures and policy rules, as Settings shows them. */

export const ROLE_WORDS: Record<MemberRole, string> = { admin: 'Admin', approver: 'Approver', drafter: 'Drafter' };

/** "an admin", "an approver", "a drafter". */
export function roleWithArticle(role: MemberRole): string {
  return role === 'drafter' ? 'a drafter' : `an ${role}`;
}

/** What each role may do, for the role pickers' hint. */
export const ROLE_HINT =
  'Drafters draft transfers and payments; approvers also approve them; admins also manage members and policies.';

/** The connection as a sentence: what it is, since when, and why when it is not working. */
export function connectivityWords(c: WorkspaceConnectivity): string {
  const since = c.since ? ` since ${dateTime(c.since)}` : '';
  const why = c.reason ? `: ${c.reason}` : '';
  switch (c.state) {
    case 'online':
      return 'Connected';
    case 'offline':
      return `Cannot be reached${since}${why}. The app keeps trying by itself.`;
    case 'degraded':
      return `Answers, but refuses this desktop${since}${why}`;
    default:
      return 'Checking the connection…';
  }
}

const FAILURE_HEADINGS: Record<WorkspaceFailureKind, string> = {
  unreachable: 'The database server did not answer.',
  tls: 'The connection could not be secured.',
  auth: 'The login or its password was refused.',
  version: 'The workspace and this app are not at the same version.',
  'not-found': 'There is no such database on that server.',
  refused: 'The workspace refused it: your role does not allow it.',
  'stale-claim': 'Another desktop took this over.',
  conflict: 'The workspace already holds something different.',
  'no-keychain': 'This computer has no keychain to keep the workspace’s password and key in.',
  'not-member': 'This desktop is not registered as a member yet.',
  invalid: 'The workspace holds something this app cannot accept.',
  internal: 'Something unexpected went wrong.',
};

/**
 * A failed workspace call as a heading (what kind of failure) and main's sentence (what
 * happened and what to do). Without a workspace kind, main's sentence alone.
 */
export function workspaceFailureWords(error: IpcError): string {
  if (error.code === 'declined') return `Canceled in the app’s confirmation window: nothing was done. ${error.message}`;
  const kind = error.workspace?.kind;
  return kind ? `${FAILURE_HEADINGS[kind]} ${error.message}` : error.message;
}

function approversWords(n: number): string {
  return `${count(n)} approver${n === 1 ? '' : 's'}`;
}

/** One rule of a policy in words ("From $10,000.00, from acct_1: 2 approvers"). */
export function ruleWords(rule: PolicyRule): string {
  const parts: string[] = [];
  if (rule.minCents !== undefined && rule.maxCents !== undefined)
    parts.push(`${money(rule.minCents)} to ${money(rule.maxCents)}`);
  else if (rule.minCents !== undefined) parts.push(`${money(rule.minCents)} or more`);
  else if (rule.maxCents !== undefined) parts.push(`up to ${money(rule.maxCents)}`);
  if (rule.accounts) parts.push(`leaving ${rule.accounts.join(' or ')}`);
  if (rule.payees) parts.push(`going to ${rule.payees.join(' or ')}`);
  const what = parts.length > 0 ? parts.join(', ') : 'every row';
  return `${what.charAt(0).toUpperCase()}${what.slice(1)}: ${approversWords(rule.approvals)}`;
}

/** The policy's fallback in words. */
export function defaultApprovalsWords(n: number): string {
  return `Rows no rule covers: ${approversWords(n)}`;
}
