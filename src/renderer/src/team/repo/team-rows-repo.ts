import { outboxDb } from '../../db/outbox-db';
import * as t from '../../outbox/model/transitions';
import type { OutboxRow } from '../../../../shared/outbox';
import type { SignedDraft } from '../../../../shared/team/model';
import { changeRow, changeRows, RowNotFound } from '../../outbox/repo/outbox-repo';

/**
 * The outbox rows' side of a team workspace (docs/team-workspace.md): handing rows to a
 * workspace, taking the outcome it recorded, listing the rows waiting there. Every change goes
 * through outbox-repo's `changeRow`/`changeRows`, so a row and its audit line are still written
 * in one commit; the offline copy itself (what is pushed) is team-repo.ts's.
 */

/**
 * A draft signed for a team workspace: the row goes to awaiting approval there, and the signed
 * draft is kept beside it as the offline copy the pusher sends, in one commit (a crash leaves
 * neither or both).
 */
export async function handRowToTeam(
  profileId: string,
  rowId: string,
  workspaceId: string,
  draft: SignedDraft,
  now = Date.now(),
): Promise<OutboxRow> {
  const [row] = await handRowsToTeam(profileId, workspaceId, [{ rowId, draft }], now);
  if (!row) throw new RowNotFound(rowId);
  return row;
}

/** `handRowToTeam` for many signed drafts (a CSV import), in one commit. */
export async function handRowsToTeam(
  profileId: string,
  workspaceId: string,
  signed: readonly { rowId: string; draft: SignedDraft }[],
  now = Date.now(),
): Promise<OutboxRow[]> {
  const db = outboxDb(profileId);
  return changeRows(
    profileId,
    signed.map((s) => s.rowId),
    (row) => t.handToTeam(row, workspaceId, now),
    now,
    [db.team],
    () =>
      db.team.bulkPut(
        signed.map(({ rowId, draft }) => ({
          id: rowId,
          workspaceId,
          rowId,
          type: 'draft' as const,
          draft,
          pushed: 0,
          at: now,
        })),
      ),
  );
}

/**
 * The drafter's copy of a team row takes the outcome the workspace recorded; false when this
 * outbox has no such row waiting (another member drafted it, or it was settled already).
 */
export async function mirrorTeamOutcome(
  profileId: string,
  rowId: string,
  outcome: t.TeamClosing,
  detail: string,
  now = Date.now(),
): Promise<boolean> {
  try {
    await changeRow(profileId, rowId, (row) => t.closedInTeam(row, outcome, detail, now), now);
    return true;
  } catch (error) {
    if (error instanceof RowNotFound || error instanceof t.IllegalTransition) return false;
    throw error;
  }
}

/** How one row ended in the workspace, for its drafter's copy. */
export interface TeamClosingOf {
  rowId: string;
  outcome: t.TeamClosing;
  detail: string;
}

/**
 * `mirrorTeamOutcome` for many rows in one commit (what one burst of changes closed): one change
 * for every live query rather than one per row. When one of them cannot take it (settled
 * meanwhile), each is tried alone. Resolves to how many copies moved.
 */
export async function mirrorTeamOutcomes(
  profileId: string,
  closings: readonly TeamClosingOf[],
  now = Date.now(),
): Promise<number> {
  if (closings.length === 0) return 0;
  const byRow = new Map(closings.map((c) => [c.rowId, c]));
  try {
    await changeRows(
      profileId,
      [...byRow.keys()],
      (row) => {
        const c = byRow.get(row.id);
        if (!c) throw new RowNotFound(row.id);
        return t.closedInTeam(row, c.outcome, c.detail, now);
      },
      now,
    );
    return byRow.size;
  } catch (error) {
    if (!(error instanceof RowNotFound || error instanceof t.IllegalTransition)) throw error;
  }
  let moved = 0;
  for (const c of byRow.values()) if (await mirrorTeamOutcome(profileId, c.rowId, c.outcome, c.detail, now)) moved++;
  return moved;
}

/**
 * The rows of this outbox that wait in `workspaceId` (their drafter is this desktop), to follow
 * what happens to them there; only those among `only` when given (the rows a change named).
 */
export async function rowsWaitingInTeam(
  profileId: string,
  workspaceId: string,
  only?: Iterable<string>,
): Promise<OutboxRow[]> {
  const db = outboxDb(profileId);
  const rows = only
    ? (await db.rows.bulkGet([...only])).filter(
        (r): r is OutboxRow => r !== undefined && r.state === 'awaiting-approval',
      )
    : await db.rows.where('state').equals('awaiting-approval').toArray();
  return rows.filter((r) => r.team?.workspaceId === workspaceId);
}
