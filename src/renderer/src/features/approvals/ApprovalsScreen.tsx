import { ComingSoon } from '../../ui/ComingSoon';
import { ScreenHeading } from '../../ui/ScreenHeading';

export function ApprovalsScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading>Approvals</ScreenHeading>
      <ComingSoon title="Approvals">Review and approve queued transfers and payments before they are sent.</ComingSoon>
    </section>
  );
}
