import { ComingSoon } from '../../ui/ComingSoon';
import { ScreenHeading } from '../../ui/ScreenHeading';

export function AccountsScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading>Accounts</ScreenHeading>
      <ComingSoon title="Accounts">Balances of your virtual accounts and their details.</ComingSoon>
    </section>
  );
}
