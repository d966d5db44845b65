import { useProfiles } from '../../stores/profiles';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { NewTransferForm } from '../outbox/NewTransferForm';
import { BulkImport } from '../outbox/BulkImport';
import { OutboxQueue } from '../outbox/OutboxQueue';

export function TransfersScreen() {
  const profileId = useProfiles((s) => s.activeProfileId);
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading>Transfers</ScreenHeading>
      <p className="panel__intro">Draft transfers between your virtual accounts at any time, online or not. Each is approved, then sent exactly once when the service is reachable.</p>
      {profileId ? (
        <>
          <NewTransferForm key={profileId} profileId={profileId} />
          <BulkImport key={`import-${profileId}`} profileId={profileId} kind="transfer" />
          <OutboxQueue profileId={profileId} kind="transfer" emptyText="No transfers queued." />
        </>
      ) : null}
    </section>
  );
}
