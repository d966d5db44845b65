import { ComingSoon } from '../../ui/ComingSoon';
import { ScreenHeading } from '../../ui/ScreenHeading';

export function TransfersScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading>Transfers</ScreenHeading>
      <ComingSoon title="Transfers">Draft transfers between accounts at any time; they are sent once, when you are online.</ComingSoon>
    </section>
  );
}
