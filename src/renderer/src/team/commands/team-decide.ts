import type { Decision, SignedDraft } from '../../../../shared/team/model';
import { SIGN_BATCH_MAX } from '../../../../shared/ipc/workspace';
import { callMain } from '../../platform/bridge';
import { keepDecisions } from '../repo/team-repo';
import { pushSoon } from './pusher';

/** What `workspace:decide` takes at once: main's prompt lists every row it signs. */
const DRAFTS_PER_DECISION = SIGN_BATCH_MAX;

export interface Decided {
  decided: number;
  /** Why the rest were not decided (declined in main's prompt, refused), in main's words; null when all were. */
  error: string | null;
}

/**
 * Approves or rejects workspace rows with this desktop's key: main asks the person once per
 * twelve rows (its prompt lists every row it signs), signs one decision each (offline too), and the decisions are kept in the outbox's
 * offline copy before they are pushed, so none is lost if the workspace does not answer.
 */
export async function decideTeamRows(
  profileId: string,
  workspaceId: string,
  drafts: readonly SignedDraft[],
  decision: Decision,
  reason?: string,
): Promise<Decided> {
  let decided = 0;
  for (let i = 0; i < drafts.length; i += DRAFTS_PER_DECISION) {
    const batch = drafts
      .slice(i, i + DRAFTS_PER_DECISION)
      .map((d) => ({ text: d.text, signature: d.signature, payload: d.payload }));
    const r = await callMain((api) =>
      api.workspace.decide({ workspaceId, drafts: batch, decision, ...(reason ? { reason } : {}) }),
    );
    if (!r.ok)
      return { decided, error: decided > 0 ? `${decided} decided; the rest not: ${r.error.message}` : r.error.message };
    decided += await keepDecisions(profileId, workspaceId, r.value);
    void pushSoon(profileId, workspaceId);
  }
  return { decided, error: null };
}
