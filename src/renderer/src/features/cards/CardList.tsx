import { useMemo } from 'react';
import type { Card } from '../../../../shared/service';
import type { CardListFilter } from '../../cards/model/card-list';
import type { ListSpend } from '../../cards/model/list-spend';
import { cardStatusWords, presetWords } from '../../cards/model/words';
import { day, money } from '../../model/format';
import { SpendBar } from '../../parts/spending/SpendBar';
import type { SortState, TableColumn } from '../../ui/table-column';
import { VirtualTable } from '../../ui/VirtualTable';

interface Props {
  cards: Card[];
  /** Spent against limit per card id; a card without an entry has no limit. */
  spend: ReadonlyMap<string, ListSpend>;
  groupName(id: string | undefined): string;
  selectedId: string | null;
  checked: ReadonlySet<string>;
  onCheck(cardId: string, on: boolean): void;
  activeIndex: number | null;
  onActive(index: number): void;
  onOpen(card: Card): void;
  /** The list's order, as the filter holds it (the service sorts by name or creation). */
  sort: Pick<CardListFilter, 'sort' | 'direction'>;
  onSort(sort: Pick<CardListFilter, 'sort' | 'direction'>): void;
  resetKey: string;
  empty: string;
}

/** "$120.00 of $500.00" over a small bar; the period and whose limit it is in the title. */
function SpentOfLimit({ spend }: { spend: ListSpend | undefined }) {
  if (!spend) return <span className="muted">No limit</span>;
  const cap = spend.meter.limit.limitAmount.amountCents;
  return (
    <span className="card-spent">
      <span className="card-spent__figures">
        {money(spend.meter.spentCents)} of {money(cap)}
      </span>
      <SpendBar spentCents={spend.meter.spentCents} limitCents={cap} label="Spent of limit" compact />
    </span>
  );
}

function spentTitle(spend: ListSpend | undefined): string {
  if (!spend) return 'No spending limit';
  const whose = spend.scope === 'group' ? 'the group’s limit, shared by its cards' : 'the card’s limit';
  return `${money(spend.meter.spentCents)} spent of ${money(spend.meter.limit.limitAmount.amountCents)} ${presetWords(spend.meter.limit)} (${whose})`;
}

const COLUMN_OF = { name: 'name', createdAt: 'created' } as const;
const rowId = (card: Card) => card.id;

/**
 * The filtered cards, one row each, virtualized; a checkbox per row for the bulk actions (Space
 * ticks the active row), and what each spent against its limit. Beside an open card the list
 * keeps what identifies one: name (shortened first), last four, status.
 */
export function CardList({
  cards,
  spend,
  groupName,
  selectedId,
  checked,
  onCheck,
  activeIndex,
  onActive,
  onOpen,
  sort,
  onSort,
  resetKey,
  empty,
}: Props) {
  const columns = useMemo<TableColumn<Card>[]>(
    () => [
      {
        id: 'select',
        header: 'Select',
        hiddenHeader: true,
        track: '28px',
        minWidth: 24,
        priority: 1,
        cell: (card) => (
          // The row's own click opens the card; the box only ticks it. Tab skips the boxes: Space ticks the active row.
          <span onClick={(e) => e.stopPropagation()}>
            <input
              type="checkbox"
              tabIndex={-1}
              aria-label={`Select ${card.name}`}
              checked={checked.has(card.id)}
              onChange={(e) => onCheck(card.id, e.target.checked)}
            />
          </span>
        ),
      },
      {
        id: 'name',
        header: 'Name',
        track: 'minmax(120px, 2fr)',
        minWidth: 140,
        priority: 1,
        // The name gives way (ellipsis, the whole name on hover); the last four never do.
        cell: (card) => card.name,
        title: (card) => card.name,
        sortValue: (card) => card.name,
      },
      {
        id: 'last4',
        header: 'Card',
        track: '84px',
        minWidth: 76,
        priority: 1,
        className: 'card-last4',
        cell: (card) => `•••• ${card.last4}`,
      },
      {
        id: 'status',
        header: 'Status',
        track: '84px',
        minWidth: 72,
        priority: 2,
        cell: (card) => (
          <span className={`card-status card-status--${card.status}`}>{cardStatusWords(card.status)}</span>
        ),
      },
      {
        id: 'spent',
        header: 'Spent of limit',
        // Wide enough for "$12,345.67 of $50,000.00"; longer figures end in an ellipsis, whole in the title.
        track: '176px',
        minWidth: 164,
        priority: 2,
        cell: (card) => <SpentOfLimit spend={spend.get(card.id)} />,
        title: (card) => spentTitle(spend.get(card.id)),
      },
      {
        id: 'group',
        header: 'Group',
        track: 'minmax(0, 1fr)',
        minWidth: 100,
        priority: 4,
        cell: (card) => (card.cardGroupId ? groupName(card.cardGroupId) : ''),
      },
      {
        id: 'created',
        header: 'Created (UTC)',
        track: '116px',
        minWidth: 104,
        priority: 3,
        cell: (card) => (card.createdAt ? day(card.createdAt) : ''),
        sortValue: (card) => card.createdAt ?? '',
      },
    ],
    [checked, onCheck, groupName, spend],
  );
  const sortState: SortState = {
    column: COLUMN_OF[sort.sort],
    direction: sort.direction === 'ASC' ? 'ascending' : 'descending',
  };

  return (
    <VirtualTable
      label="Cards"
      columns={columns}
      count={cards.length}
      rowAt={(i) => cards[i]}
      rowId={rowId}
      rowHeight={38}
      activeIndex={activeIndex}
      onActive={onActive}
      onOpen={onOpen}
      onToggle={(card) => onCheck(card.id, !checked.has(card.id))}
      selectedId={selectedId}
      resetKey={resetKey}
      empty={empty}
      sort={sortState}
      onSort={(column) => {
        const field = column === 'name' ? 'name' : 'createdAt';
        // Again on the same column turns it round; a new one starts A to Z, or newest first.
        const direction =
          field === sort.sort ? (sort.direction === 'ASC' ? 'DESC' : 'ASC') : field === 'name' ? 'ASC' : 'DESC';
        onSort({ sort: field, direction });
      }}
    />
  );
}
