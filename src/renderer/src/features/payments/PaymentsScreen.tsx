import { useProfiles } from '../../stores/profiles';
import { usePaymentPrefill } from '../../stores/payment-prefill';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { NewPaymentForm } from '../../parts/outbox/NewPaymentForm';
import { QueueWithPanel } from '../../parts/outbox/QueueWithPanel';

export function PaymentsScreen() {
  const profileId = useProfiles((s) => s.activeProfileId);
  // "Pay this handle" on the Directory: the form opens on that payee.
  const prefilled = usePaymentPrefill((s) => s.prefill !== null && s.prefill.profileId === profileId);
  return (
    <section className="screen screen--wide" aria-labelledby="screen-title">
      <ScreenHeading>Payments</ScreenHeading>
      <p className="panel__intro">
        Payments to payees, drafted online or not. A payment whose outcome is unknown is never sent twice by itself: it
        waits for you under “Needs review”.
      </p>
      {profileId ? (
        <QueueWithPanel
          key={profileId}
          profileId={profileId}
          kind="payment"
          newLabel="New payment"
          actionId="outbox:new-payment"
          emptyText="No payments queued."
          openRequest={prefilled}
          form={(onQueued) => <NewPaymentForm profileId={profileId} onQueued={onQueued} />}
        />
      ) : null}
    </section>
  );
}
