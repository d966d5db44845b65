import { useLiveQuery } from 'dexie-react-hooks';
import { outboxDb, type TeamItemRecord } from '../../db/outbox-db';
import type { PushItemResult } from '../../../../shared/ipc/workspace';
import type { Signed } from '../../../../shared/team/model';
import { readSignedText } from '../../../../shared/team/signed-text';

/**
 * The offline copy of what this desktop signed for a team workspace (docs/team-workspace.md):
 * drafts (written with their row by `handRowToTeam`) and decisions, each marked once the
 * workspace has it. Nothing here talks to the workspace; the pusher does.
 */

/** Decisions main signed (`workspace:decide`), kept until the workspace has them; returns how many. */
export async function keepDecisions(
  profileId: string,
  workspaceId: string,
  decisions: readonly Signed[],
  now = Date.now(),
): Promise<number> {
  const records: TeamItemRecord[] = decisions.map((decision) => {
    const read = readSignedText('decision', decision.text);
    // Main wrote these a moment ago; one it cannot have written is a bug, not a person's mistake.
    if (!read.ok)
      throw new Error(`A decision signed for the workspace cannot be read back (${read.problem}): nothing was kept.`);
    return {
      id: read.body.id,
      workspaceId,
      rowId: read.body.row,
      type: 'decision',
      decision,
      choice: read.body.decision,
      pushed: 0,
      at: now,
    };
  });
  await outboxDb(profileId).team.bulkPut(records);
  return records.length;
}

/** What the workspace does not have yet and did not refuse: drafts first (a decision needs its row there), oldest first. */
export async function unpushedItems(profileId: string, workspaceId: string): Promise<TeamItemRecord[]> {
  const items = await outboxDb(profileId).team.where('[workspaceId+pushed]').equals([workspaceId, 0]).toArray();
  const order = (i: TeamItemRecord) => (i.type === 'draft' ? 0 : 1);
  return items.filter((i) => i.problem === undefined).sort((a, b) => order(a) - order(b) || a.at - b.at);
}

/** The workspace's answers to a push: added or already there is pushed; refused keeps the item, with the workspace's reason. */
export async function markPushed(profileId: string, results: readonly PushItemResult[]): Promise<void> {
  const db = outboxDb(profileId);
  await db.transaction('rw', db.team, async () => {
    const items = await db.team.bulkGet(results.map((r) => r.id));
    const next = items.flatMap((item, i): TeamItemRecord[] => {
      const r = results[i] as PushItemResult;
      if (!item) return [];
      if (r.status === 'refused')
        return [{ ...item, problem: r.problem ?? 'The workspace refused it and gave no reason.' }];
      return [{ ...item, pushed: 1 as const, problem: undefined }];
    });
    await db.team.bulkPut(next);
  });
}

/** Every item kept for a workspace, live: the inbox shows drafts not there yet, decisions on their way, refusals. */
export function useTeamItems(profileId: string | null, workspaceId: string | null): TeamItemRecord[] | undefined {
  return useLiveQuery(
    async () =>
      profileId && workspaceId
        ? outboxDb(profileId)
            .team.where('[workspaceId+pushed]')
            .between([workspaceId, 0], [workspaceId, 1], true, true)
            .toArray()
        : [],
    [profileId, workspaceId],
  );
}

/** Whether the workspace has the draft of `rowId` that this desktop signed (false while it waits to be pushed, or was refused). */
export async function draftPushed(profileId: string, rowId: string): Promise<boolean> {
  const drafts = await outboxDb(profileId).team.where('rowId').equals(rowId).toArray();
  return drafts.some((d) => d.type === 'draft' && d.pushed === 1);
}
