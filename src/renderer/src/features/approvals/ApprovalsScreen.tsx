import { useState } from 'react';
import { pauseSending, resumeSending } from '../../outbox/commands/sending';
import { useSendingPaused, useTeamSending } from '../../team/commands/team-sending-status';
import { useFinishedRows } from '../../outbox/repo/outbox-hooks';
import { clearFinished } from '../../outbox/repo/outbox-repo';
import { useSenderStatus } from '../../outbox/commands/sender-status';
import { useProfiles } from '../../stores/profiles';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { exportAudit } from '../../outbox/commands/export-audit';
import { useScreenActions } from '../../stores/action-registry';
import { OutboxQueue } from '../../parts/outbox/OutboxQueue';
import { useProfileService } from '../../outbox/commands/profile-service';
import { Inbox } from './Inbox';
import type { TeamSendingStatus } from '../../../../shared/ipc';

const SENDER_TEXT = {
  idle: 'Sending is on: approved items go out as soon as they are due.',
  sending: 'Sending…',
  paused: 'Sending is paused: nothing is sent until you resume.',
  offline: 'Offline: approved items will be sent when the connection returns.',
  blocked: 'Sending stopped.',
  elsewhere: 'Another window of the app is sending for this profile.',
} as const;

/** What main's team sender is doing for this profile, in words. */
function teamSendingWords(s: TeamSendingStatus): string {
  const where = `Rows approved in ${s.workspaceName} are sent by this desktop`;
  switch (s.state) {
    case 'paused':
      return `${where} once you resume: paused.`;
    case 'sending':
      return `${where}: sending now…`;
    case 'offline':
      return `${where} when the service answers again.`;
    case 'stopped':
      return `${where}, but the last run stopped: ${s.message ?? 'the workspace did not answer'}. It tries again by itself.`;
    case 'idle':
      return s.last && s.last.sent + s.last.failed + s.last.review > 0
        ? `${where}. Last run: ${s.last.sent} sent, ${s.last.failed} failed, ${s.last.review} left to a person.`
        : `${where} as soon as its policy is met.`;
  }
}

/**
 * The approvals inbox (this desktop's rows and, with a team workspace, the team's), then the rest
 * of the profile's outbox (what is not awaiting approval): cancel, review, and the sender's
 * controls. The Transfers and Payments screens show every row of their kind, awaiting ones too.
 */
export function ApprovalsScreen() {
  const profileId = useProfiles((s) => s.activeProfileId);
  const service = useProfileService(profileId ?? '');
  const view = useSenderStatus((s) => (profileId ? s.byProfile[profileId] : undefined));
  const team = useTeamSending((s) => (profileId ? s.byProfile[profileId] : undefined));
  // This desktop's sender or main's team sender: one pause holds both, so one button resumes both.
  const paused = useSendingPaused(profileId);
  const finished = useFinishedRows(profileId, 0)?.total ?? 0;
  const [exported, setExported] = useState<string | null>(null);
  const exportLog = async (id: string) => {
    const r = await exportAudit(id);
    setExported(
      r.kind === 'saved'
        ? `Saved ${r.rows} audit lines to ${r.path}`
        : r.kind === 'failed'
          ? `The audit log could not be saved: ${r.message}`
          : null,
    );
  };
  useScreenActions(
    profileId
      ? [
          {
            id: 'outbox:export-audit',
            title: 'Export the audit log (CSV)',
            group: 'This screen',
            keywords: ['history', 'download', 'save'],
            run: () => exportLog(profileId),
          },
          {
            id: 'outbox:clear-finished',
            title: `Clear finished items (${finished})`,
            group: 'This screen',
            ...(finished === 0 ? { unavailable: 'Nothing has finished' } : {}),
            run: () => clearFinished(profileId),
          },
        ]
      : [],
  );
  if (!profileId) return null;
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading>Approvals</ScreenHeading>
      {/* The words on their own lines: beside the buttons, a long team status squeezed them until they wrapped. */}
      <div aria-label="Sender">
        <p className="panel__intro" aria-live="polite">
          {SENDER_TEXT[paused ? 'paused' : (view?.state ?? 'idle')]} {view?.blocked ? view.blocked : ''}
        </p>
        {team ? (
          <p className="panel__intro" aria-live="polite" data-testid="team-sending">
            {teamSendingWords(team)}
          </p>
        ) : null}
      </div>
      <div className="form__actions approvals__actions">
        {paused ? (
          <button type="button" className="button" onClick={() => void resumeSending(profileId)}>
            Resume sending
          </button>
        ) : (
          <button type="button" className="button" onClick={() => pauseSending(profileId)}>
            Pause sending
          </button>
        )}
        <button
          type="button"
          className="button button--quiet"
          disabled={finished === 0}
          onClick={() => void clearFinished(profileId)}
        >
          Clear finished ({finished})
        </button>
        <button type="button" className="button button--quiet" onClick={() => void exportLog(profileId)}>
          Export audit log (CSV)
        </button>
      </div>
      {exported ? (
        <p className="field__hint" aria-live="polite">
          {exported}
        </p>
      ) : null}
      {service === null ? (
        <p className="form__error" role="alert">
          This profile is gone or its address is not valid: nothing can be approved for it.
        </p>
      ) : (
        <Inbox profileId={profileId} service={service} />
      )}
      {/* What awaits approval is the inbox's: the outbox below shows the rest, never the same row twice. */}
      <h2 className="outbox__heading">Everything else in the outbox</h2>
      <OutboxQueue
        profileId={profileId}
        omitState="awaiting-approval"
        emptyText="Nothing is queued. Transfers and payments you draft appear here for approval."
        omittedText="Nothing else is queued: what waits for approval is in the inbox above."
      />
    </section>
  );
}
