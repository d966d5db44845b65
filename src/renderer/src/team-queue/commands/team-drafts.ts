import type { OutboxRow } from '../../../../shared/outbox';
import { callMain } from '../../platform/bridge';
import { handRowToTeam, submitRow } from '../../outbox/repo/outbox-repo';
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
