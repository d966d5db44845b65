import type { Result } from '../../../../shared/ipc';
import type { PushItemResult } from '../../../../shared/ipc/workspace';
import type { Signed, SignedDraft } from '../../../../shared/team/model';
import { bridge, callMain } from '../../platform/bridge';
import { markPushed, unpushedItems } from '../repo/team-repo';
import { forEachProfile, oneAtATime, whenProfilesChange } from './per-workspace';

/** How the pusher reaches the workspace: main's `workspace:push` (a test may script it). */
export type PushCall = (arg: {
  workspaceId: string;
  drafts: SignedDraft[];
  decisions: Signed[];
}) => Promise<Result<{ drafts: PushItemResult[]; decisions: PushItemResult[] }>>;

const mainPush: PushCall = (arg) => callMain((api) => api.workspace.push(arg));

/** Per push call, under the channel's limits (200 drafts, 500 decisions). */
const DRAFTS_PER_CALL = 100;
const DECISIONS_PER_CALL = 250;

export interface PushReport {
  /** Items the workspace has now (added, or already there). */
  pushed: number;
  /** Items it refused, with its reason; they stay in the offline copy, shown to a person. */
  refused: { id: string; problem: string }[];
  /** Why pushing stopped before the end (the workspace is unreachable, …); the rest waits for the next push. */
  stopped: string | null;
}

/**
 * Sends one profile's offline copy for one workspace: drafts first (a decision needs its row
 * there), in calls of at most a hundred drafts, and records each answer. The workspace makes
 * pushing idempotent, so an answer lost on the way costs one more push, never a second row.
 */
export async function pushProfile(
  profileId: string,
  workspaceId: string,
  push: PushCall = mainPush,
): Promise<PushReport> {
  const report: PushReport = { pushed: 0, refused: [], stopped: null };
  const items = await unpushedItems(profileId, workspaceId);
  const drafts = items.flatMap((i) => (i.type === 'draft' ? [{ id: i.id, signed: i.draft }] : []));
  const decisions = items.flatMap((i) => (i.type === 'decision' ? [{ id: i.id, signed: i.decision }] : []));
  while (drafts.length > 0 || decisions.length > 0) {
    // Decisions ride along once every draft has gone: main writes a call's drafts before its decisions.
    const sentDrafts = drafts.splice(0, DRAFTS_PER_CALL);
    const sentDecisions = drafts.length > 0 ? [] : decisions.splice(0, DECISIONS_PER_CALL);
    const r = await push({
      workspaceId,
      drafts: sentDrafts.map((d) => d.signed),
      decisions: sentDecisions.map((d) => d.signed),
    });
    if (!r.ok) {
      report.stopped = r.error.message;
      break;
    }
    // Answers come in the order sent; each is filed under the item this desktop kept (a refusal
    // of a statement main cannot read carries no id of its own).
    const sent = [...sentDrafts, ...sentDecisions];
    const results = [...r.value.drafts, ...r.value.decisions].flatMap((x, i) => {
      const item = sent[i];
      return item ? [{ ...x, id: item.id }] : [];
    });
    await markPushed(profileId, results);
    for (const x of results) {
      if (x.status === 'refused')
        report.refused.push({ id: x.id, problem: x.problem ?? 'The workspace refused it and gave no reason.' });
      else report.pushed += 1;
    }
  }
  return report;
}

/** One push at a time per profile and workspace; a push asked for meanwhile runs once after it. */
export const pushSoon = oneAtATime((profileId, workspaceId) => pushProfile(profileId, workspaceId));

/** Every profile's offline copy for `workspaceId` (or for every workspace joined here). */
const pushAll = (workspaceId?: string) => forEachProfile(pushSoon, workspaceId);

/**
 * Drains what this desktop signed while the workspace could not be reached: at start, and each
 * time a workspace answers again. (A new signature pushes at once, from where it is made.)
 * Returns the function that stops listening.
 */
export function startTeamPusher(): () => void {
  const api = bridge();
  if (!api) return () => undefined;
  // At start, and when the profiles first arrive (or change): each may hold signed items.
  const offProfiles = whenProfilesChange(() => void pushAll());
  const offConnectivity = api.on('workspace:connectivity', (c) => {
    if (c.state === 'online') void pushAll(c.workspaceId);
  });
  return () => {
    offProfiles();
    offConnectivity();
  };
}
