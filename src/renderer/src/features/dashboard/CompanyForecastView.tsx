import { useId } from 'react';
import { companySteps, signedMoney, type CompanyForecast, type KnownFlow } from '../../forecast/model/company';
import { HORIZON_DAYS } from '../../forecast/model/forecast';
import { dayOf, money } from '../../model/format';
import { DataTable } from '../../ui/DataTable';
import type { TableColumn } from '../../ui/table-column';
import { ForecastChart } from './ForecastChart';

const FLOW_COLUMNS: TableColumn<KnownFlow>[] = [
  {
    id: 'day',
    header: 'Date (UTC)',
    minWidth: 100,
    priority: 1,
    rowHeader: true,
    className: 'nowrap',
    cell: (f) => dayOf(f.dayMs),
  },
  { id: 'what', header: 'What', minWidth: 140, priority: 1, cell: (f) => f.what },
  { id: 'account', header: 'Account', minWidth: 140, priority: 2, cell: (f) => f.account },
  {
    id: 'amount',
    header: 'Amount',
    minWidth: 110,
    priority: 1,
    numeric: true,
    className: 'nowrap',
    cell: (f) => signedMoney(f.amountCents),
  },
  {
    id: 'company',
    header: 'Company cash',
    minWidth: 110,
    priority: 1,
    numeric: true,
    className: 'nowrap',
    // Between two of our accounts the money stays ours: said in words, not as a change of $0.00.
    cell: (f) => (f.internal ? 'Internal' : signedMoney(f.companyCents)),
  },
];

/** The company's line first: every open account summed, its lowest, and the known flows under it. */
export function CompanyForecastView({ company, accounts }: { company: CompanyForecast; accounts: number }) {
  const flowsId = useId();
  return (
    <section className="forecast forecast--company" aria-label="Company cash forecast">
      <h3 className="dashboard__subtitle">All accounts</h3>
      <ForecastChart name="All accounts" series={company} steps={companySteps(company)} height={180} />
      <p className="dashboard__muted">
        The {accounts} open account{accounts === 1 ? '' : 's'} below, summed day by day; card spend projected at{' '}
        {money(company.dailySpendCents)} a day in all. Transfers between your own accounts and commissions paid into the
        primary account leave the company&apos;s cash as it is.
      </p>
      <h4 id={flowsId} className="forecast__flows-title">
        Known flows in the next {HORIZON_DAYS} days
      </h4>
      <DataTable
        columns={FLOW_COLUMNS}
        rows={company.flows}
        rowKey={(f) => `${f.day}-${f.account}-${f.what}-${f.amountCents}`}
        labelledBy={flowsId}
        compact
        className="forecast-flows"
        empty={`No transfer, payment or commission is known for the next ${HORIZON_DAYS} days.`}
      />
    </section>
  );
}
