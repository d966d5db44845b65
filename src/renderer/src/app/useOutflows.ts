import { useMemo } from 'react';
import type { TeamRowView } from '../../../shared/ipc/workspace';
import { useProfileService } from '../outbox/commands/profile-service';
import { useOwnOutflows, type Outflows } from '../outbox/commands/useOwnOutflows';
import { useTeamQueue } from '../team/commands/useTeamQueue';
import { withWorkspaceRows } from '../team/model/team-outflows';

/**
 * What every screen's "balance after" is computed from (outbox/model/balance-after.ts): this
 * desktop's queue and what it sent since the balances were read, and the team workspace's open
 * rows for the profile's service, drafted here or on another desktop, each counted once. Here,
 * above both domains, because the outbox never imports the team (lint): the new-transfer panel,
 * the Approvals inbox, the Dashboard and the account's detail all read this one hook.
 *
 * `teamRows`: a screen that reads the workspace's queue already (the inbox) hands its rows in, so
 * the queue is not read twice; undefined reads it here.
 */
export function useOutflows(profileId: string, teamRows?: readonly TeamRowView[] | null): Outflows {
  const own = useOwnOutflows(profileId);
  const service = useProfileService(profileId);
  const { view } = useTeamQueue(profileId, teamRows === undefined ? service : null);
  const rows = teamRows !== undefined ? teamRows : view.kind === 'team' ? view.rows : null;
  const { outflows, sourceOf } = own;
  const merged = useMemo(
    () => (outflows === undefined || !rows ? outflows : withWorkspaceRows(outflows, rows, sourceOf)),
    [outflows, rows, sourceOf],
  );
  return useMemo(() => ({ ...own, outflows: merged }), [own, merged]);
}
