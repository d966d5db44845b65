import { useProfiles } from '../../stores/profiles';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { NewPaymentForm } from '../outbox/NewPaymentForm';
import { BulkImport } from '../outbox/BulkImport';
import { OutboxQueue } from '../outbox/OutboxQueue';

export function PaymentsScreen() {
  const profileId = useProfiles((s) => s.activeProfileId);
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading>Payments</ScreenHeading>
      <p className="panel__intro">Pay a svc handle, online or not. A payment whose outcome is unknown is never sent twice by itself: it waits for you under “Needs review”.</p>
      {profileId ? (
        <>
          <NewPaymentForm key={profileId} profileId={profileId} />
          <BulkImport key={`import-${profileId}`} profileId={profileId} kind="payment" />
          <OutboxQueue profileId={profileId} kind="payment" emptyText="No payments queued." />
        </>
      ) : null}
    </section>
  );
}
