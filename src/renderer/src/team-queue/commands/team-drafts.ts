import type { OutboxRow } from '../../../../shared/outbox';
import type { SignedDraft } from '../../../../shared/team/model';
import { callMain } from '../../platform/bridge';
import { submitRow, submitRows } from '../../outbox/repo/outbox-repo';
import { handRowsToTeam, handRowToTeam } from '../../outbox/repo/team-rows-repo';
import { bindingFor } from './team-binding';
import { pushSoon } from './pusher';

/**
 * Submits a draft row for approval where its profile's service is approved: in the team
 * workspace that covers it (signed here, offline too, kept as the offline copy and pushed), or
 * by the profile's own rule as without a workspace. Notes never go to a workspace. A draft
 * that cannot be signed stays a draft, and the error says why.
 */
export async function submitForApproval(row: OutboxRow, service: string): Promise<OutboxRow> {
  if (row.kind === 'note') return submitRow(row.profileId, row.id, service);
  const binding = await bindingFor(service);
  if (binding.kind === 'solo') return submitRow(row.profileId, row.id, service);
  if (binding.kind === 'unsure') throw new Error(`Kept as a draft: ${binding.problem}`);
  const signed = await callMain((api) =>
    api.workspace.signDraft({ workspaceId: binding.workspaceId, rowId: row.id, service, kind: row.kind, payload: row.payload, idempotencyKey: row.idempotencyKey }),
  );
  if (!signed.ok) throw new Error(`Kept as a draft: it could not be signed for ${binding.name}. ${signed.error.message}`);
  const { rowId: _same, ...draft } = signed.value;
  const handed = await handRowToTeam(row.profileId, row.id, binding.workspaceId, draft);
  void pushSoon(row.profileId, binding.workspaceId);
  return handed;
}

/**
 * `submitForApproval` for many drafts of one profile (a CSV import): each is signed (main signs
 * without asking, offline too), then all are handed over in one commit and pushed once. Solo,
 * one commit submits them all. `progress` hears how many are signed. A draft that cannot be
 * signed stops the run: the rows signed so far are not handed over and stay drafts with the rest.
 */
export async function submitManyForApproval(profileId: string, rows: readonly OutboxRow[], service: string, progress: (signed: number) => void = () => undefined): Promise<OutboxRow[]> {
  const ids = rows.map((r) => r.id);
  if (rows.some((r) => r.kind === 'note')) throw new Error('Notes are not imported for approval.');
  const binding = await bindingFor(service);
  if (binding.kind === 'solo') return submitRows(profileId, ids, service);
  if (binding.kind === 'unsure') throw new Error(`Kept as drafts: ${binding.problem}`);
  const signed: { rowId: string; draft: SignedDraft }[] = [];
  const signOne = async (row: OutboxRow) => {
    const r = await callMain((api) => api.workspace.signDraft({ workspaceId: binding.workspaceId, rowId: row.id, service, kind: row.kind as 'transfer' | 'payment', payload: row.payload, idempotencyKey: row.idempotencyKey }));
    if (!r.ok) throw new Error(`Kept as drafts: they could not be signed for ${binding.name}. ${r.error.message}`);
    return r.value;
  };
  for (const row of rows) {
    const { rowId, ...draft } = await signOne(row);
    signed.push({ rowId, draft });
    progress(signed.length);
  }
  const handed = await handRowsToTeam(profileId, binding.workspaceId, signed);
  void pushSoon(profileId, binding.workspaceId);
  return handed;
}
