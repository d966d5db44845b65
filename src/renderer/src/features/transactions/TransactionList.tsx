import { useMemo } from 'react';
import type { Transaction } from '../../../../shared/service';
import type { MerchantNames } from '../../directory/commands/merchant-names';
import { day, money } from '../../model/format';
import type { Names } from '../../model/transaction-filters';
import { detailedStatusWords } from '../../model/transaction-words';
import type { TableColumn } from '../../ui/table-column';
import { CardLabel } from '../../ui/CardLabel';
import { VirtualTable } from '../../ui/VirtualTable';

interface Props {
  count: number;
  rowAt(index: number): Transaction | undefined;
  onRange(first: number, last: number): void;
  selectedId: string | null;
  activeIndex: number | null;
  onActive(index: number): void;
  onOpen(tx: Transaction): void;
  names: Names;
  merchants: MerchantNames;
  resetKey: string;
  empty: string;
}

const rowId = (tx: Transaction) => tx.id;

/**
 * The result, newest first, one row per transaction; rows not loaded yet show a placeholder.
 * With the detail open the card, then the status, then the date give way, never the name or
 * the amount; the status stays as a coloured dot before the date or the name.
 */
export function TransactionList({
  count,
  rowAt,
  onRange,
  selectedId,
  activeIndex,
  onActive,
  onOpen,
  names,
  merchants,
  resetKey,
  empty,
}: Props) {
  const columns = useMemo<TableColumn<Transaction>[]>(
    () => [
      {
        id: 'date',
        header: 'Date (UTC)',
        track: '112px',
        minWidth: 104,
        priority: 2,
        cell: (tx) => day(tx.date),
        title: (tx) => day(tx.date),
      },
      {
        id: 'description',
        header: 'Description',
        track: 'minmax(0, 1fr)',
        minWidth: 180,
        priority: 1,
        cell: (tx) => (
          <>
            {merchants.ofTransaction(tx)}
            {tx.merchantData?.location?.city ? (
              <span className="vtable__muted"> · {tx.merchantData.location.city}</span>
            ) : null}
          </>
        ),
        title: (tx) =>
          [merchants.ofTransaction(tx), tx.merchantData?.location?.city].filter((part) => part).join(' · '),
      },
      {
        id: 'card',
        header: 'Card',
        // Room for a usual name and its last four whole; a longer name gives way (CardLabel).
        track: 'minmax(120px, 200px)',
        minWidth: 140,
        priority: 4,
        cell: (tx) => (tx.cardId ? <CardLabel label={names.card(tx.cardId)} /> : ''),
      },
      {
        id: 'status',
        header: 'Status',
        track: '140px',
        minWidth: 120,
        priority: 3,
        className: 'status',
        cell: (tx) => <span className={`status--${tx.status}`}>{detailedStatusWords(tx.detailedStatus)}</span>,
        // Given way with the detail open: a dot in the state's colour, its words in the title and for screen readers.
        marker: (tx) => (
          <span
            className={`status-dot status--${tx.status}`}
            role="img"
            aria-label={detailedStatusWords(tx.detailedStatus)}
            title={detailedStatusWords(tx.detailedStatus)}
          >
            ●
          </span>
        ),
      },
      {
        id: 'amount',
        header: 'Amount',
        track: '120px',
        minWidth: 110,
        priority: 1,
        numeric: true,
        cell: (tx) => (
          <span className={tx.amountCents < 0 ? 'amount--out' : 'amount--in'}>{money(tx.amountCents)}</span>
        ),
      },
    ],
    [names, merchants],
  );

  return (
    <VirtualTable
      label="Transactions"
      columns={columns}
      count={count}
      rowAt={rowAt}
      rowId={rowId}
      onRange={onRange}
      activeIndex={activeIndex}
      onActive={onActive}
      onOpen={onOpen}
      selectedId={selectedId}
      resetKey={resetKey}
      empty={empty}
    />
  );
}
