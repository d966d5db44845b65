import { money } from '../../model/format';
import type { DashboardData } from './useDashboard';
import { Panel } from './Panel';

function comparison(thisMonth: number, lastMonth: number): string {
  if (lastMonth === 0) return thisMonth === 0 ? 'No card spend last month or this month.' : 'No card spend last month.';
  const diff = thisMonth - lastMonth;
  return diff <= 0 ? `${money(-diff)} less than last month so far.` : `${money(diff)} more than all of last month.`;
}

/** Card spend this month against the whole of last month, UTC months, from the cached transactions. */
export function SpendPanel({ spend }: { spend: DashboardData['spend'] }) {
  return (
    <Panel title="Card spend">
      {spend.state === 'loading' ? (
        <p>Totalling the saved transactions…</p>
      ) : spend.state === 'error' ? (
        <p role="alert">{spend.error}</p>
      ) : (
        <>
          <dl className="dashboard__pairs">
            <dt>This month</dt>
            <dd>{money(spend.thisMonthCents)}</dd>
            <dt>Last month</dt>
            <dd>{money(spend.lastMonthCents)}</dd>
          </dl>
          <p>{comparison(spend.thisMonthCents, spend.lastMonthCents)}</p>
        </>
      )}
      <p className="panel__intro">Counts money out with a card that went through (pending, settled or disputed), fees charged to a card included; declines, refunds and reversals do not count. Months are UTC.</p>
    </Panel>
  );
}
