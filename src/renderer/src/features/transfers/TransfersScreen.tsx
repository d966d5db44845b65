import { useProfiles } from '../../stores/profiles';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { NewTransferForm } from '../../parts/outbox/NewTransferForm';
import { QueueWithPanel } from '../../parts/outbox/QueueWithPanel';

export function TransfersScreen() {
  const profileId = useProfiles((s) => s.activeProfileId);
  return (
    <section className="screen screen--wide" aria-labelledby="screen-title">
      <ScreenHeading>Transfers</ScreenHeading>
      <p className="panel__intro">
        Transfers between your virtual accounts, drafted at any time, online or not. Each is approved, then sent exactly
        once when the service is reachable.
      </p>
      {profileId ? (
        <QueueWithPanel
          key={profileId}
          profileId={profileId}
          kind="transfer"
          newLabel="New transfer"
          actionId="outbox:new-transfer"
          emptyText="No transfers queued."
          form={(onQueued) => <NewTransferForm profileId={profileId} onQueued={onQueued} />}
        />
      ) : null}
    </section>
  );
}
