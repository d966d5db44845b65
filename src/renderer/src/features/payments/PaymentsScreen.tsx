import { ComingSoon } from '../../ui/ComingSoon';
import { ScreenHeading } from '../../ui/ScreenHeading';

export function PaymentsScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading>Payments</ScreenHeading>
      <ComingSoon title="Payments">Draft payments to payees by handle and follow them until they are sent.</ComingSoon>
    </section>
  );
}
