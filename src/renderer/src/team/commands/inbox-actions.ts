import { approvalHash } from '../../outbox/model/approval-binding';
import { outboxActions } from '../../outbox/commands/row-actions';
import type { InboxItem } from '../model/inbox';
import { decideTeamRows } from './team-decide';
import { callMain } from '../../platform/bridge';

/** Where the inbox's decisions go: the profile, the service its rows were shown for, and the workspace if one covers it. */
export interface InboxTarget {
  profileId: string;
  service: string;
  workspaceId: string | null;
}

/** Messages of the parts that failed, in one sentence list; null when everything went through. */
const joined = (errors: (string | null)[]) => errors.filter((e): e is string => e !== null).join(' ') || null;

function teamDrafts(items: readonly InboxItem[]) {
  return items.flatMap((i) => (i.origin === 'team' ? [i.team.draft] : []));
}

/**
 * Approves what the person selected: this desktop's own rows with the hash of exactly what was
 * shown (one commit), the workspace's rows with this desktop's key (one prompt in main for the
 * batch). Resolves to an error for the person, or null.
 */
export async function approveItems(target: InboxTarget, items: readonly InboxItem[]): Promise<string | null> {
  const solo = items.flatMap((i) => (i.origin === 'solo' ? [i.row] : []));
  const drafts = teamDrafts(items);
  const errors: (string | null)[] = [];
  if (solo.length > 0) {
    const shown = await Promise.all(
      solo.map(async (r) => ({ rowId: r.id, shownHash: await approvalHash(r, target.service) })),
    );
    errors.push(await outboxActions.approveMany(target.profileId, shown));
  }
  if (drafts.length > 0 && target.workspaceId)
    errors.push((await decideTeamRows(target.profileId, target.workspaceId, drafts, 'approve')).error);
  return joined(errors);
}

/** Rejects what the person selected, with their reason: this desktop's rows here, the workspace's rows signed with this desktop's key. */
export async function rejectItems(
  target: InboxTarget,
  items: readonly InboxItem[],
  reason: string,
): Promise<string | null> {
  const errors: (string | null)[] = [];
  for (const i of items) if (i.origin === 'solo') errors.push(await outboxActions.reject(i.row, reason));
  const drafts = teamDrafts(items);
  if (drafts.length > 0 && target.workspaceId)
    errors.push((await decideTeamRows(target.profileId, target.workspaceId, drafts, 'reject', reason)).error);
  return joined(errors);
}

/**
 * An approver's answer for a workspace row whose send may have gone through, after they looked
 * at the paying account's transactions: main asks in its own prompt and signs it. Resolves to an
 * error for the person, or null.
 */
export async function reviewTeamRow(
  workspaceId: string,
  item: InboxItem,
  found: 'sent' | 'not-sent',
  checked: string,
): Promise<string | null> {
  const r = await callMain((api) => api.workspace.review({ workspaceId, rowId: item.rowId, found, checked }));
  if (!r.ok) return r.error.message;
  return r.value.reviewed
    ? null
    : 'Nothing was recorded: the row no longer waits for a review (it was settled meanwhile).';
}
