import { useCallback } from 'react';
import type { Card } from '../../../../shared/service';
import { day } from '../../model/format';
import { VirtualRows } from '../../ui/VirtualRows';

const ROW_HEIGHT = 38;

interface Props {
  cards: Card[];
  groupName(id: string | undefined): string;
  selectedId: string | null;
  checked: ReadonlySet<string>;
  onCheck(cardId: string, on: boolean): void;
  activeIndex: number | null;
  onActive(index: number): void;
  onOpen(card: Card): void;
  resetKey: string;
  empty: string;
}

/** The filtered cards, one row each, virtualized; a checkbox per row for the bulk actions. */
export function CardList({ cards, groupName, selectedId, checked, onCheck, activeIndex, onActive, onOpen, resetKey, empty }: Props) {
  const renderRow = useCallback(
    (index: number, active: boolean) => {
      const card = cards[index];
      if (!card) return null;
      const className = `cardrow${active ? ' cardrow--active' : ''}${card.id === selectedId ? ' cardrow--selected' : ''}`;
      return (
        <div
          id={`vrow-${index}`}
          role="row"
          aria-rowindex={index + 2}
          aria-selected={card.id === selectedId}
          className={className}
          onClick={() => {
            onActive(index);
            onOpen(card);
          }}
        >
          <span role="gridcell" className="cardrow__check" onClick={(e) => e.stopPropagation()}>
            <input
              type="checkbox"
              aria-label={`Select ${card.name}`}
              checked={checked.has(card.id)}
              onChange={(e) => onCheck(card.id, e.target.checked)}
            />
          </span>
          <span role="gridcell" className="cardrow__name" title={card.name}>
            {card.name}
          </span>
          <span role="gridcell" className="cardrow__last4">
            •••• {card.last4}
          </span>
          <span role="gridcell" className={`cardrow__status card-status card-status--${card.status}`}>
            {card.status}
          </span>
          <span role="gridcell" className="cardrow__group">
            {card.cardGroupId ? groupName(card.cardGroupId) : ''}
          </span>
          <span role="gridcell" className="cardrow__created">
            {card.createdAt ? day(card.createdAt) : ''}
          </span>
        </div>
      );
    },
    [cards, groupName, selectedId, checked, onCheck, onActive, onOpen],
  );

  const header = (
    <div role="row" className="cardrow cardrow--header" aria-rowindex={1}>
      <span role="columnheader" className="cardrow__check">
        <span className="visually-hidden">Select</span>
      </span>
      <span role="columnheader">Name</span>
      <span role="columnheader">Card</span>
      <span role="columnheader">Status</span>
      <span role="columnheader">Group</span>
      <span role="columnheader">Created</span>
    </div>
  );

  return (
    <VirtualRows
      count={cards.length}
      rowHeight={ROW_HEIGHT}
      header={header}
      renderRow={renderRow}
      onRange={() => undefined}
      activeIndex={activeIndex}
      onActive={onActive}
      onOpen={(i) => {
        const card = cards[i];
        if (card) onOpen(card);
      }}
      label="Cards"
      empty={empty}
      resetKey={resetKey}
    />
  );
}
