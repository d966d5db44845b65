import type { TeamRowView } from '../../../../shared/ipc/workspace';
import { readSignedText } from '../../../../shared/team/signed-text';
import { timeOfDay } from '../../model/format';

/** A member's name by id, from the workspace's verified directory. */
export type MemberNames = ReadonlyMap<string, string>;

const list = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;

/**
 * "Requested by Dana Kim 10:42 · approved by Sam Ortiz 10:51 · needs 1 more approver, not Dana
 * Kim": who asked, who approved (only approvals main's verdict counts, each at its signed time),
 * and what is still needed ("approvals complete" once the policy is met: a payment may still wait
 * for a review, which the row says apart), without opening the row's history. `me` is this
 * desktop's member id.
 */
export function teamWhoLine(row: TeamRowView, names: MemberNames, me: string | null, now: number): string {
  const name = (id: string) => (id === me ? 'you' : (names.get(id) ?? 'a member not in this desktop’s directory'));
  const draft = readSignedText('draft', row.draft.text);
  const askedAt = draft.ok ? Date.parse(draft.body.at) : Date.parse(row.createdAt);
  const drafter = row.drafter ? (row.drafter.id === me ? 'you' : row.drafter.name) : 'someone who is not a member';
  const parts = [`Requested by ${drafter} ${timeOfDay(askedAt, now)}`];
  const v = row.verdict;
  if (v.status !== 'waiting' && v.status !== 'ready') return parts[0] ?? '';
  // When each counting approver signed: their own decision's signed time.
  const at = new Map<string, number>();
  for (const d of row.decisions) {
    const read = readSignedText('decision', d.text);
    if (read.ok && read.body.decision === 'approve' && read.body.row === row.id)
      at.set(read.body.by, Date.parse(read.body.at));
  }
  const approved = v.approvedBy.map((id) => `${name(id)}${at.has(id) ? ` ${timeOfDay(at.get(id) ?? 0, now)}` : ''}`);
  if (approved.length > 0) parts.push(`approved by ${approved.join(', ')}`);
  if (v.status === 'ready') parts.push(v.required === 0 ? 'no approval needed by the policy' : 'approvals complete');
  else {
    // Who cannot be the one still needed: its drafter, and those who approved already.
    const not = [...(row.drafter ? [drafter] : []), ...v.approvedBy.map(name)];
    parts.push(
      `needs ${v.missing} more approver${v.missing === 1 ? '' : 's'}${not.length > 0 ? `, not ${list(not)}` : ''}`,
    );
  }
  return parts.join(' · ');
}
