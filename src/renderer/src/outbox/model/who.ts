import type { OutboxRow } from '../../../../shared/outbox';
import { timeOfDay } from '../../model/format';

/**
 * Who asked for one of this desktop's own rows and who approved it, on the row itself: with no
 * team workspace this computer approves alone, and the row says so rather than implying a
 * second person looked. Null for a row handed to a team workspace (its inbox line says it).
 */
export function soloWhoLine(row: OutboxRow, now: number): string | null {
  if (row.team || row.kind === 'note') return null;
  const asked = `Requested on this computer ${timeOfDay(row.createdAt, now)}`;
  if (row.state === 'draft') return asked;
  if (row.state === 'awaiting-approval') return `${asked} · needs one approval, given on this computer alone`;
  if (row.approval)
    return `${asked} · approved on this computer alone by ${row.approval.by.user} ${timeOfDay(row.approval.at, now)}`;
  // Approved with no person: the approval rule let it through (or it was rejected, canceled before).
  if (row.history.some((h) => h.to === 'approved' && h.reason === 'no approval needed'))
    return `${asked} · no approval needed by this computer’s rule`;
  return asked;
}

/**
 * Who asked and when, for every row of this desktop's own queue: a row handed to a team workspace
 * was drafted here, so it is "you"; who approves it is the workspace's (its inbox says).
 */
export function queueWhoLine(row: OutboxRow, now: number): string | null {
  if (row.kind === 'note') return null;
  return soloWhoLine(row, now) ?? `Requested by you ${timeOfDay(row.createdAt, now)} · sent to the team workspace`;
}
