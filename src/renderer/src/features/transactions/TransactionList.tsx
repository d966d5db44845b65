import { useCallback } from 'react';
import type { Transaction } from '../../../../shared/service';
import { VirtualRows } from '../../ui/VirtualRows';
import { day, humanStatus, money } from '../../model/format';
import type { Names } from '../../model/transaction-filters';

const ROW_HEIGHT = 36;

interface Props {
  count: number;
  rowAt(index: number): Transaction | undefined;
  onRange(first: number, last: number): void;
  selectedId: string | null;
  activeIndex: number | null;
  onActive(index: number): void;
  onOpen(tx: Transaction): void;
  names: Names;
  resetKey: string;
  empty: string;
}

/** The result, newest first, one row per transaction; rows not loaded yet show a placeholder. */
export function TransactionList({ count, rowAt, onRange, selectedId, activeIndex, onActive, onOpen, names, resetKey, empty }: Props) {
  const renderRow = useCallback(
    (index: number, active: boolean) => {
      const tx = rowAt(index);
      const className = `txrow${active ? ' txrow--active' : ''}${tx && tx.id === selectedId ? ' txrow--selected' : ''}`;
      if (!tx) {
        return (
          <div id={`vrow-${index}`} role="row" aria-rowindex={index + 2} className={`${className} txrow--loading`}>
            <span role="gridcell">Loading…</span>
          </div>
        );
      }
      return (
        <div
          id={`vrow-${index}`}
          role="row"
          aria-rowindex={index + 2}
          aria-selected={tx.id === selectedId}
          className={className}
          onClick={() => {
            onActive(index);
            onOpen(tx);
          }}
        >
          <span role="gridcell" className="txrow__date">
            {day(tx.date)}
          </span>
          <span role="gridcell" className="txrow__desc" title={tx.description}>
            {tx.description}
            {tx.merchantData?.location?.city ? <span className="txrow__muted"> · {tx.merchantData.location.city}</span> : null}
          </span>
          <span role="gridcell" className="txrow__card">
            {tx.cardId ? names.card(tx.cardId) : ''}
          </span>
          <span role="gridcell" className={`txrow__status status status--${tx.status}`}>
            {humanStatus(tx.detailedStatus)}
          </span>
          <span role="gridcell" className={`txrow__amount${tx.amountCents < 0 ? ' amount--out' : ' amount--in'}`}>
            {money(tx.amountCents)}
          </span>
        </div>
      );
    },
    [rowAt, selectedId, onActive, onOpen, names],
  );

  return (
    <VirtualRows
      count={count}
      rowHeight={ROW_HEIGHT}
      label="Transactions"
      resetKey={resetKey}
      header={
        <div role="row" aria-rowindex={1} className="txrow txrow--header">
          <span role="columnheader">Date</span>
          <span role="columnheader">Description</span>
          <span role="columnheader">Card</span>
          <span role="columnheader">Status</span>
          <span role="columnheader" className="txrow__amount">
            Amount
          </span>
        </div>
      }
      renderRow={renderRow}
      onRange={onRange}
      activeIndex={activeIndex}
      onActive={onActive}
      onOpen={(i) => {
        const tx = rowAt(i);
        if (tx) onOpen(tx);
      }}
      empty={<p>{empty}</p>}
    />
  );
}
