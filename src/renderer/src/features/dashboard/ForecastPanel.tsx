import { useState } from 'react';
import type { OutboxRow } from '../../../../shared/outbox';
import { accountSteps, type CompanyForecast } from '../../forecast/model/company';
import { HISTORY_DAYS, HORIZON_DAYS, type AccountForecast } from '../../forecast/model/forecast';
import { cardSpendNote, unplacedNote, type HistoryState } from '../../forecast/model/words';
import { dayOf, money } from '../../model/format';
import { DataTable } from '../../ui/DataTable';
import type { TableColumn } from '../../ui/table-column';
import { CompanyForecastView } from './CompanyForecastView';
import { ForecastChart } from './ForecastChart';
import { Panel } from './Panel';

type Day = AccountForecast['days'][number];

/** The day's end balance and what moves it, for the table beside the chart. */
function dayColumns(f: AccountForecast): TableColumn<Day>[] {
  const moves = (d: Day) => {
    const i = f.days.indexOf(d);
    return [
      ...f.events.filter((e) => e.day === i).map((e) => e.label),
      ...(i > 0 && f.dailySpendCents ? [`Card spend ${money(f.dailySpendCents)}`] : []),
    ].join('; ');
  };
  return [
    {
      id: 'day',
      header: 'Day (UTC)',
      minWidth: 100,
      priority: 1,
      rowHeader: true,
      className: 'nowrap',
      cell: (d) => dayOf(d.dayMs),
    },
    { id: 'end', header: 'End of day', minWidth: 100, priority: 1, numeric: true, cell: (d) => money(d.endCents) },
    { id: 'moves', header: 'What moves', minWidth: 140, priority: 2, cell: moves },
  ];
}

function AccountForecastView({ f, history }: { f: AccountForecast; history: HistoryState }) {
  const [open, setOpen] = useState(false);
  const tableId = `forecast-table-${f.accountId}`;
  return (
    <section className="forecast" aria-label={`Forecast for ${f.name}`}>
      <h3 className="dashboard__subtitle">{f.name}</h3>
      <ForecastChart name={f.name} series={f} steps={accountSteps(f)} height={150} />
      <p className="dashboard__muted" {...(history.state === 'error' ? { role: 'alert' } : {})}>
        {cardSpendNote(f.dailySpendCents, history)}
      </p>
      <button
        type="button"
        className="button button--quiet"
        aria-expanded={open}
        aria-controls={tableId}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? 'Hide the table' : 'Show the table'}
      </button>
      {open ? (
        <div id={tableId}>
          <DataTable
            columns={dayColumns(f)}
            rows={f.days}
            rowKey={(d) => String(d.dayMs)}
            label={`Day by day: ${f.name}`}
            compact
            className="forecast-table"
          />
        </div>
      ) : null}
    </section>
  );
}

/** The 30-day forecast: the company's line and its known flows first, then each open virtual account, with the method in words. */
export function ForecastPanel({
  forecasts,
  company,
  unplaced,
  history,
}: {
  forecasts: readonly AccountForecast[];
  company: CompanyForecast;
  unplaced: readonly OutboxRow[];
  history: HistoryState;
}) {
  return (
    <Panel title={`${HORIZON_DAYS}-day forecast`}>
      <details className="forecast__method">
        <summary>Method</summary>
        <p>
          The company&apos;s line is the sum of the accounts&apos; lines, day by day; money moved between two of your
          accounts leaves it as it is. Each open virtual account starts from its saved balance today and, day by day in
          UTC: takes the outbox&apos;s approved transfers and payments on the day they are scheduled (today when due
          now), adds approved transfers coming in, takes its commission on each due day of its rule (assumed collected;
          the primary account receives it; one due since the last sync is taken today, as the saved balance was read
          before it), and takes a projected card spend every day after today: the account&apos;s card purchases over the
          last {HISTORY_DAYS} full days divided by {HISTORY_DAYS}, rounded to the nearest cent (halves up); a purchase
          that names no virtual account counts for the account its card spends from (its own, else its group&apos;s,
          else the primary). Payments from this key&apos;s own handle are taken from the primary account, which pays
          them; one from a handle you chose is taken from that handle&apos;s account when the saved data tells which.
          Rows awaiting approval are not counted until approved; a row sent since the last sync is taken today, as the
          saved balance does not hold it yet. Everything comes from saved data, so the forecast reads offline and is as
          fresh as the last sync.
        </p>
      </details>
      {unplaced.length ? <p className="dashboard__muted">{unplacedNote(unplaced.length)}</p> : null}
      {history.state === 'loading' ? (
        <p>Totalling the card history…</p>
      ) : forecasts.length === 0 ? (
        <p>No open virtual account to forecast yet.</p>
      ) : (
        <>
          <CompanyForecastView company={company} accounts={forecasts.length} />
          <h3 className="dashboard__subtitle">By account</h3>
          <div className="forecast__list">
            {forecasts.map((f) => (
              <AccountForecastView key={f.accountId} f={f} history={history} />
            ))}
          </div>
        </>
      )}
    </Panel>
  );
}
