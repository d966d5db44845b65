import type { Transaction } from '../../../shared/service';
import type { TxSummary } from '../search/model/query';
import { count, day, humanStatus, money } from '../model/format';

interface Props {
  summary: TxSummary;
  /** The newest rows, newest first. */
  rows: readonly Transaction[];
  /** Names the totals line ("Card totals"), for a screen reader and a test. */
  totalsLabel: string;
  /** Says what the table holds, read by a screen reader ("Newest 20 transactions of the card"). */
  caption: string;
  /** Said instead of the table when there are no rows. */
  empty: string;
}

/** Count and totals of a set of cached transactions, and its newest rows: what a card or an account shows of its activity. */
export function TransactionDigest({ summary, rows, totalsLabel, caption, empty }: Props) {
  return (
    <>
      <p className="card-totals" aria-label={totalsLabel}>
        <span>{count(summary.count)} transactions</span>
        <span>
          Out <strong className="amount--out">{money(summary.outCents)}</strong>
        </span>
        <span>
          In <strong className="amount--in">{money(summary.inCents)}</strong>
        </span>
        <span>
          Net <strong>{money(summary.netCents)}</strong>
        </span>
      </p>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <table className="tx-digest__table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Description</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((t) => (
              <tr key={t.id}>
                <td>{day(t.date)}</td>
                <td>
                  {t.description}
                  {t.declineReason ? <span className="muted"> · declined: {humanStatus(t.declineReason)}</span> : null}
                </td>
                <td>{humanStatus(t.detailedStatus)}</td>
                <td className={`num ${t.amountCents < 0 ? 'amount--out' : 'amount--in'}`}>{money(t.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

