import { useMemo } from 'react';
import type { Transaction } from '../../../shared/service';
import type { TxSummary } from '../model/tx-query';
import { count, day, money } from '../model/format';
import { declineWords, detailedStatusWords } from '../model/transaction-words';
import { DataTable } from './DataTable';
import type { TableColumn } from './table-column';

/** Cached transactions as a read of them stands: loading, failed, or their totals and newest rows. */
export interface DigestRead {
  state: 'loading' | 'ready' | 'error';
  summary: TxSummary | null;
  /** The newest rows, newest first. */
  rows: readonly Transaction[];
  error: string | null;
}

interface Props {
  read: DigestRead;
  /** The name a person reads for a transaction (the merchant directory's, a cleaned descriptor). */
  nameOf(tx: Transaction): string;
  /** Names the totals line ("Card totals"), for a screen reader and a test. */
  totalsLabel: string;
  /** Says what the table holds, read by a screen reader ("Newest 20 transactions of the card"), for the rows shown. */
  caption(shown: number): string;
  /** Said instead of the table when there are no rows. */
  empty: string;
}

/** Count and totals of a set of cached transactions, and its newest rows: what a card or an account shows of its activity. */
export function TransactionDigest({ read, nameOf, totalsLabel, caption, empty }: Props) {
  const columns = useMemo<TableColumn<Transaction>[]>(
    () => [
      { id: 'date', header: 'Date (UTC)', minWidth: 96, priority: 2, className: 'nowrap', cell: (t) => day(t.date) },
      {
        id: 'description',
        header: 'Description',
        minWidth: 140,
        priority: 1,
        cell: (t) => (
          <>
            {nameOf(t)}
            {t.declineReason ? <span className="muted"> · declined: {declineWords(t.declineReason)}</span> : null}
          </>
        ),
      },
      { id: 'status', header: 'Status', minWidth: 90, priority: 3, cell: (t) => detailedStatusWords(t.detailedStatus) },
      {
        id: 'amount',
        header: 'Amount',
        minWidth: 90,
        priority: 1,
        numeric: true,
        cell: (t) => <span className={t.amountCents < 0 ? 'amount--out' : 'amount--in'}>{money(t.amountCents)}</span>,
      },
    ],
    [nameOf],
  );
  if (read.state === 'loading') return <p className="muted">Reading the cached transactions…</p>;
  if (read.state === 'error')
    return (
      <p className="field__error" role="alert">
        {read.error}
      </p>
    );
  const { summary, rows } = read;
  if (!summary) return null;
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
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(t) => t.id}
        caption={caption(rows.length)}
        compact
        empty={empty}
      />
    </>
  );
}
