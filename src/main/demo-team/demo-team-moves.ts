import { readSignedText } from '../../shared/team/signed-text';
import type { PlannedDraft } from '../demo/demo-team-options';
import type { TeamRowView } from '../../shared/ipc/workspace';

/** Who is who in the Demo's team, by member id. */
export interface DemoCast {
  /** The app's own desktop: the person trying the Demo. */
  person: string;
  /** The colleague who drafts (the workspace's admin, so an approver too). */
  drafter: string;
  /** The colleague who approves. */
  approver: string;
}

export type ColleagueRole = 'drafter' | 'approver';

/** One approval a colleague owes, and since when (ms, the signed time of what made it owed). */
export interface Move {
  by: ColleagueRole;
  row: TeamRowView;
  since: number;
}

/** When `member` approved the row, by their signed decision; null when they did not. */
function approvedAt(row: TeamRowView, member: string): number | null {
  for (const d of row.decisions) {
    const read = readSignedText('decision', d.text);
    if (read.ok && read.body.by === member && read.body.decision === 'approve') return Date.parse(read.body.at);
  }
  return null;
}

/**
 * What the colleagues approve of the open rows, by the Demo's rule: a row needs the person and a
 * colleague, never its drafter. The approver approves the drafter's rows once the person
 * approved them (never first, so the person's approval is always one of the two); a row the
 * person drafted waits for both colleagues, the approver first, then the drafter.
 */
export function colleagueMoves(rows: readonly TeamRowView[], cast: DemoCast): Move[] {
  const moves: Move[] = [];
  for (const row of rows) {
    if (row.state !== 'open' || row.verdict.status !== 'waiting') continue;
    const approved = new Set(row.verdict.approvedBy);
    const drafter = row.drafter?.id;
    if (drafter === cast.drafter) {
      const person = approvedAt(row, cast.person);
      if (person !== null && approved.has(cast.person) && !approved.has(cast.approver))
        moves.push({ by: 'approver', row, since: person });
    } else if (drafter === cast.person) {
      const drafted = readSignedText('draft', row.draft.text);
      const approver = approvedAt(row, cast.approver);
      if (!approved.has(cast.approver) && drafted.ok)
        moves.push({ by: 'approver', row, since: Date.parse(drafted.body.at) });
      else if (approver !== null && !approved.has(cast.drafter)) moves.push({ by: 'drafter', row, since: approver });
    }
  }
  return moves;
}

/**
 * The moves due at `now` (main's clock): `reactMs` after what made each owed was signed, so the
 * person sees "1 more approver" before a colleague's approval arrives.
 */
export function dueMoves(moves: readonly Move[], now: number, reactMs: number): Move[] {
  return moves.filter((m) => now - m.since >= reactMs);
}

/** The drafts over the Demo's first minutes: one at once, then one every minute or two. */
export const DEMO_DRAFTS: readonly PlannedDraft[] = [
  { atMs: 0, amountCents: 1_250_000, memo: 'Payroll top-up' },
  { atMs: 45_000, amountCents: 84_000, memo: 'Office rent share' },
  { atMs: 120_000, amountCents: 2_000_000, memo: 'Tax reserve' },
  { atMs: 240_000, amountCents: 31_050, memo: 'Card float' },
];

/** The drafts of `plan` (in time order) due `elapsedMs` after the team was ready, past the `done` first ones already drafted. */
export function dueDrafts(plan: readonly PlannedDraft[], done: number, elapsedMs: number): PlannedDraft[] {
  return plan.slice(done).filter((d) => d.atMs <= elapsedMs);
}
