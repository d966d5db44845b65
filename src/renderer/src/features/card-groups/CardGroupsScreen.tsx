import { ComingSoon } from '../../ui/ComingSoon';
import { ScreenHeading } from '../../ui/ScreenHeading';

export function CardGroupsScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading>Card groups</ScreenHeading>
      <ComingSoon title="Card groups">Group cards and manage the limits they share.</ComingSoon>
    </section>
  );
}
