import { ComingSoon } from '../../ui/ComingSoon';
import { ScreenHeading } from '../../ui/ScreenHeading';

export function CardsScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading>Cards</ScreenHeading>
      <ComingSoon title="Cards">See your cards, set spending limits, freeze and unfreeze them, and reveal card numbers when needed.</ComingSoon>
    </section>
  );
}
