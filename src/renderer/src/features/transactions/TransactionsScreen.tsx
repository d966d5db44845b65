import { ComingSoon } from '../../ui/ComingSoon';
import { ScreenHeading } from '../../ui/ScreenHeading';

export function TransactionsScreen() {
  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading>Transactions</ScreenHeading>
      <ComingSoon title="Transactions">Search every transaction, even offline: by text, date, amount, status, card or account.</ComingSoon>
    </section>
  );
}
