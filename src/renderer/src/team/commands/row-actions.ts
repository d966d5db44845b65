import type { OutboxRow } from '../../../../shared/outbox';
import { attempt, outboxActions } from '../../outbox/commands/row-actions';
import { requireProfileService } from '../../outbox/commands/profile-service';
import { senders } from '../../outbox/commands/sending';
import { submitForApproval } from './team-drafts';
import { cancelTeamRow } from './team-follow';

/**
 * What the queue's buttons do: the outbox's own actions, and the two a team workspace changes,
 * decided here because the outbox never imports the team domain. Each resolves to an error
 * message for the person, or null.
 */
export const rowActions = {
  ...outboxActions,
  /** To the team workspace that covers the profile, else to approval here (team-drafts.ts). */
  submit: (row: OutboxRow) =>
    attempt(async () => {
      const submitted = await submitForApproval(row, requireProfileService(row.profileId));
      if (submitted.state === 'approved') await senders.kick(row.profileId);
    }),
  /** A row waiting in a team workspace is withdrawn there first, so no other desktop sends it. */
  cancel: (row: OutboxRow) => (row.team ? attempt(() => cancelTeamRow(row)) : outboxActions.cancel(row)),
};
