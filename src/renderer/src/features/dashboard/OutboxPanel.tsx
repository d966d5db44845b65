import { money } from '../../model/format';
import type { Bucket, OutboxSummary } from '../../forecast/model/inputs';
import { useNavigation } from '../../stores/navigation';
import { Panel } from './Panel';
import { useProfiles } from '../../stores/profiles';
import { useSendingPaused } from '../../team/commands/team-sending-status';

const BUCKETS: { key: keyof OutboxSummary; label: string }[] = [
  { key: 'awaiting', label: 'Awaiting approval' },
  { key: 'approved', label: 'Approved, to send now' },
  { key: 'scheduled', label: 'Scheduled for a later day' },
  { key: 'needsReview', label: 'Needs review' },
];

// A pause holds what would go now: the bucket must not say it is being sent.
const HELD_LABEL = 'Approved, held: sending paused';

const line = (b: Bucket) => `${b.count} · ${money(b.totalCents)}`;

/** What the outbox holds, each bucket a way into Approvals where it can be acted on. */
export function OutboxPanel({ outbox }: { outbox: OutboxSummary }) {
  const go = useNavigation((s) => s.go);
  const paused = useSendingPaused(useProfiles((s) => s.activeProfileId));
  return (
    <Panel title="Outbox">
      <ul className="dashboard__buckets" aria-label="Outbox buckets">
        {BUCKETS.map(({ key, label }) => (
          <li key={key}>
            <button type="button" className="button button--quiet dashboard__bucket" onClick={() => go('approvals')}>
              <span>{key === 'approved' && paused ? HELD_LABEL : label}</span>
              <span className="dashboard__num">{line(outbox[key])}</span>
            </button>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
