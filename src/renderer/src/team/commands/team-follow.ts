import type { OutboxRow } from '../../../../shared/outbox';
import { bridge, callMain } from '../../platform/bridge';
import { mirrorTeamOutcome, mirrorTeamOutcomes, rowsWaitingInTeam } from '../repo/team-rows-repo';
import { draftPushed } from '../repo/team-repo';
import { localClosing } from '../model/follow';
import { forEachProfile, narrowedOneAtATime, whenProfilesChange, type NamedRows } from './per-workspace';

/** What `workspace:rows` takes at once. */
const ROWS_PER_READ = 1_000;

/**
 * The drafter's copies of rows waiting in `workspaceId` follow what happened to them there: sent
 * or failed by whichever desktop sent them, rejected, canceled, or never to be sent
 * (model/follow.ts). Closed rows are read too: a row sent elsewhere has left the open list.
 * Only the rows among `named` when given (those a change named). Resolves to how many copies
 * moved; a workspace that does not answer moves none, until next time.
 */
export async function followTeamRows(profileId: string, workspaceId: string, named: NamedRows = null): Promise<number> {
  const ids = (await rowsWaitingInTeam(profileId, workspaceId, named ?? undefined)).map((r) => r.id);
  let followed = 0;
  for (let i = 0; i < ids.length; i += ROWS_PER_READ) {
    const r = await callMain((api) =>
      api.workspace.rows({ workspaceId, rowIds: ids.slice(i, i + ROWS_PER_READ), includeClosed: true }),
    );
    if (!r.ok) break;
    const closings = r.value.flatMap((row) => {
      const closing = localClosing(row);
      return closing ? [{ rowId: row.id, outcome: closing.outcome, detail: closing.detail }] : [];
    });
    followed += await mirrorTeamOutcomes(profileId, closings);
  }
  return followed;
}

/**
 * The drafter's copies follow within half a second: each follow that moves a copy is an IndexedDB
 * commit that every live query of the outbox reads again, and while another desktop sends a
 * thousand rows, one commit per change of the workspace kept this page too busy to show the
 * approvals it is there for (bench:team: the drafter's approval to shown p95 1.5 s, 0.8 s
 * without following at all).
 */
const FOLLOW_GATHER_MS = 500;
const followSoon = narrowedOneAtATime(followTeamRows, FOLLOW_GATHER_MS);

/**
 * Keeps this desktop's copies of its team rows in step with the workspace: at start, on every
 * change to a row or a decision there (a NOTIFY), and when a workspace answers again. Returns
 * the function that stops listening.
 */
export function startTeamFollowing(): () => void {
  const api = bridge();
  if (!api) return () => undefined;
  const offProfiles = whenProfilesChange(() => void forEachProfile((p, w) => followSoon(p, w)));
  const offChanged = api.on('workspace:changed', (c) => {
    if (c.table !== 'queue_row' && c.table !== 'decision' && c.table !== 'resync') return;
    const named = c.table !== 'resync' && c.keys ? new Set(c.keys) : null;
    void forEachProfile((p, w) => followSoon(p, w, named), c.workspaceId);
  });
  const offConnectivity = api.on('workspace:connectivity', (c) => {
    if (c.state === 'online') void forEachProfile((p, w) => followSoon(p, w), c.workspaceId);
  });
  return () => {
    offProfiles();
    offChanged();
    offConnectivity();
  };
}

/**
 * The drafter withdraws a row of theirs from the workspace, while it is open there (main's
 * `workspace:cancel`); their copy here follows. Throws, saying why, when it was not canceled:
 * not in the workspace yet, unreachable, or no longer open (sent or decided meanwhile, which the
 * copy then shows).
 */
export async function cancelTeamRow(row: OutboxRow): Promise<void> {
  const workspaceId = row.team?.workspaceId;
  if (!workspaceId) throw new Error('Not canceled: this row was never handed to a team workspace.');
  if (!(await draftPushed(row.profileId, row.id))) {
    throw new Error(
      'Not canceled: it has not reached the team workspace yet. Cancel it once the workspace has it (it is pushed when the workspace answers).',
    );
  }
  const r = await callMain((api) => api.workspace.cancel({ workspaceId, rowId: row.id }));
  if (!r.ok) throw new Error(`Not canceled: ${r.error.message}`);
  if (r.value.canceled) {
    await mirrorTeamOutcome(row.profileId, row.id, 'canceled', 'canceled by its drafter');
    return;
  }
  await followTeamRows(row.profileId, workspaceId);
  throw new Error(
    'Not canceled: it is no longer open in the team workspace (it is being sent, or was sent or decided meanwhile). This row shows what happened to it.',
  );
}
