import { useMemo, useState } from 'react';
import { resumeSending } from '../../outbox/commands/sending';
import { useProfileService } from '../../outbox/commands/profile-service';
import { addHeld, heldSummary, heldWords, type HeldSummary } from '../../outbox/model/held';
import { useOutboxRows } from '../../outbox/repo/outbox-hooks';
import { useSendingPaused, useTeamSendingPaused } from '../../team/commands/team-sending-status';
import { useTeamQueue } from '../../team/commands/useTeamQueue';
import { teamHeld } from '../../team/model/held';
import { useProfiles } from '../../stores/profiles';

const NONE: HeldSummary = { count: 0, totalCents: 0 };

/**
 * Shown on every screen while sending is paused for the profile on screen: how many approved
 * items it holds and their total (this desktop's own and, when main's team sender is paused, the
 * workspace's approved rows), and Resume. A pause that only one screen mentions is easy to forget.
 */
export function SendingPausedBanner() {
  const profileId = useProfiles((s) => s.activeProfileId);
  const paused = useSendingPaused(profileId);
  const teamPaused = useTeamSendingPaused(profileId);
  if (!profileId || !paused) return null;
  return teamPaused ? <WithTeamHeld profileId={profileId} /> : <PausedStrip profileId={profileId} team={NONE} />;
}

/** Reads the workspace's queue only while main's team sender is paused, for what it holds there. */
function WithTeamHeld({ profileId }: { profileId: string }) {
  const service = useProfileService(profileId);
  const { view } = useTeamQueue(profileId, service);
  const rows = view.kind === 'team' ? view.rows : null;
  const team = useMemo(() => (rows ? teamHeld(rows) : NONE), [rows]);
  return <PausedStrip profileId={profileId} team={team} />;
}

function PausedStrip({ profileId, team }: { profileId: string; team: HeldSummary }) {
  const rows = useOutboxRows(profileId);
  const [resuming, setResuming] = useState(false);
  const held = addHeld(heldSummary(rows ?? [], Date.now()), team);
  return (
    <div className="banner banner--paused" role="region" aria-label="Sending paused">
      <p className="banner__text" aria-live="polite">
        <strong>Sending paused:</strong> {rows === undefined ? 'counting what it holds…' : `${heldWords(held)}.`}{' '}
        Nothing is sent until you resume.
      </p>
      <button
        type="button"
        className="button"
        disabled={resuming}
        onClick={async () => {
          setResuming(true);
          await resumeSending(profileId);
          setResuming(false);
        }}
      >
        {resuming ? 'Resuming…' : 'Resume'}
      </button>
    </div>
  );
}
