import type { OutboxRow } from '../../../../shared/outbox';
import type { SignedDraft } from '../../../../shared/team/model';
import { SIGN_BATCH_MAX } from '../../../../shared/ipc/workspace';
import { callMain } from '../../platform/bridge';
import { submitRow, submitRows } from '../../outbox/repo/outbox-repo';
import { handRowsToTeam } from '../repo/team-rows-repo';
import { bindingFor } from './team-binding';
import { pushSoon } from './pusher';

/**
 * Submits drafts of one profile for approval where main says its service is approved: in the
 * team workspace that covers it (signed by main after its prompt listed every one, offline too,
 * kept as the offline copy and pushed), or by the profile's own rule as without a workspace.
 * Notes never go to a workspace. Drafts that cannot be signed stay drafts, and the error says why.
 * `progress` hears how many are signed. Solo, one commit submits them all; for a team, each batch
 * main signs (one prompt each) is kept, then all are handed over in one commit and pushed once.
 */
export async function submitManyForApproval(
  profileId: string,
  rows: readonly OutboxRow[],
  service: string,
  progress: (signed: number) => void = () => undefined,
): Promise<OutboxRow[]> {
  const ids = rows.map((r) => r.id);
  if (rows.some((r) => r.kind === 'note')) throw new Error('Notes are not imported for approval.');
  const binding = await bindingFor(profileId);
  if (binding.kind === 'solo') return submitRows(profileId, ids, service);
  if (binding.kind === 'unsure')
    throw new Error(`Kept as ${rows.length === 1 ? 'a draft' : 'drafts'}: ${binding.problem}`);
  const signed: { rowId: string; draft: SignedDraft }[] = [];
  for (let i = 0; i < rows.length; i += SIGN_BATCH_MAX) {
    const batch = rows.slice(i, i + SIGN_BATCH_MAX).map((row) => ({
      rowId: row.id,
      kind: row.kind as 'transfer' | 'payment',
      payload: row.payload,
      idempotencyKey: row.idempotencyKey,
    }));
    const r = await callMain((api) => api.workspace.signDrafts({ profileId, drafts: batch }));
    if (!r.ok)
      throw new Error(
        `Kept as ${rows.length === 1 ? 'a draft' : 'drafts'}: ${rows.length === 1 ? 'it' : 'they'} could not be signed for ${binding.name}. ${r.error.message}`,
      );
    for (const { rowId, ...draft } of r.value.signed) signed.push({ rowId, draft });
    progress(signed.length);
  }
  const handed = await handRowsToTeam(profileId, binding.workspaceId, signed);
  void pushSoon(profileId, binding.workspaceId);
  return handed;
}

/** `submitManyForApproval` for one draft (the form, a row's Submit). */
export async function submitForApproval(row: OutboxRow, service: string): Promise<OutboxRow> {
  if (row.kind === 'note') return submitRow(row.profileId, row.id, service);
  const [handed] = await submitManyForApproval(row.profileId, [row], service);
  if (!handed) throw new Error('Kept as a draft: it could not be handed over.');
  return handed;
}
