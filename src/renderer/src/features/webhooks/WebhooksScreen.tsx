import { ComingSoon } from '../../ui/ComingSoon';
import { ScreenHeading } from '../../ui/ScreenHeading';

export function WebhooksScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading>Webhooks</ScreenHeading>
      <ComingSoon title="Webhooks">Create and archive the addresses that receive the service’s event notifications.</ComingSoon>
    </section>
  );
}
