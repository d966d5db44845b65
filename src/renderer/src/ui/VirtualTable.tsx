import {
  Fragment,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { HeaderLabel } from './HeaderLabel';
import { ariaSort, type SortState, type TableColumn } from './table-column';
import { useFittingColumns } from './useWidth';

/**
 * The app's list of many rows (transactions, cards): a grid of fixed-height rows of which only
 * those in view are in the DOM, so a million scroll smoothly. Browsers cap an element's height
 * (~33.5M px in Chromium), so past MAX_SCROLL_PX the scrollbar is scaled: its position maps to a
 * row index proportionally. The scroller is the grid itself: one Tab stop, focusable (so its
 * content scrolls from the keyboard), with its header row kept in view at the top.
 * Keyboard: arrows, Page Up/Down, Home/End move the active row; Enter opens it; Space toggles it
 * where the list can mark rows (the cards' bulk selection).
 */

export const MAX_SCROLL_PX = 8_000_000;
/** The header row's height; the CSS gives it the same (.vtable__row--header). */
const HEAD_PX = 34;
const GAP = 8;
const SIDE_PADDING = 24;

interface Props<T> {
  label: string;
  columns: readonly TableColumn<T>[];
  count: number;
  rowAt(index: number): T | undefined;
  rowId(row: T): string;
  rowHeight?: number;
  /** The rows now on screen (to fetch them). */
  onRange?: (first: number, last: number) => void;
  activeIndex: number | null;
  onActive(index: number): void;
  onOpen(row: T, index: number): void;
  /** Space on the active row (marks it for a bulk action). */
  onToggle?: (row: T, index: number) => void;
  /** The row open in the detail pane. */
  selectedId: string | null;
  /** Shown instead of rows when count is 0. */
  empty: ReactNode;
  /** A new value scrolls back to the top (a new search); the same value keeps the place as rows arrive. */
  resetKey: string;
  sort?: SortState | null;
  /** A sortable header was pressed. */
  onSort?: (column: string) => void;
  /** Row element ids are `${idPrefix}-${index}` (aria-activedescendant; the typing benchmark reads row 0). */
  idPrefix?: string;
}

interface View {
  first: number;
  /** How far the first row is scrolled out of view (px). */
  offset: number;
}

export function VirtualTable<T>(props: Props<T>) {
  const {
    label,
    columns,
    count,
    rowAt,
    rowId,
    rowHeight = 36,
    onRange,
    activeIndex,
    onActive,
    onOpen,
    onToggle,
    selectedId,
    empty,
    resetKey,
    sort,
    onSort,
    idPrefix = 'vrow',
  } = props;
  const scroller = useRef<HTMLDivElement | null>(null);
  const { ref: measureRef, shown } = useFittingColumns<TableColumn<T>, HTMLDivElement>(columns, GAP, SIDE_PADDING);
  const [clientHeight, setClientHeight] = useState(400 + HEAD_PX);
  const [view, setView] = useState<View>({ first: 0, offset: 0 });

  // The rows' own window: the header row sits over the top of the scroller.
  const height = Math.max(rowHeight, clientHeight - HEAD_PX);
  const total = count * rowHeight;
  const spacer = Math.min(total, MAX_SCROLL_PX);
  const scaled = total > MAX_SCROLL_PX;
  const visible = Math.max(1, Math.ceil(height / rowHeight) + 1);
  const lastStart = Math.max(0, count - height / rowHeight);

  const viewFor = useCallback(
    (scrollTop: number): View => {
      if (!scaled) {
        const first = Math.min(Math.max(0, count - 1), Math.floor(scrollTop / rowHeight));
        return { first: Math.max(0, first), offset: scrollTop - Math.max(0, first) * rowHeight };
      }
      const fraction = Math.min(1, Math.max(0, scrollTop / Math.max(1, spacer - height)));
      const exact = fraction * lastStart;
      const first = Math.floor(exact);
      return { first, offset: (exact - first) * rowHeight };
    },
    [scaled, count, rowHeight, spacer, height, lastStart],
  );

  const scrollTopFor = useCallback(
    (index: number): number =>
      scaled ? (Math.min(index, lastStart) / Math.max(1, lastStart)) * (spacer - height) : index * rowHeight,
    [scaled, lastStart, spacer, height, rowHeight],
  );

  const setRefs = useCallback(
    (el: HTMLDivElement | null) => {
      scroller.current = el;
      measureRef(el);
    },
    [measureRef],
  );

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setClientHeight(el.clientHeight));
    ro.observe(el);
    setClientHeight(el.clientHeight);
    return () => ro.disconnect();
  }, []);

  // A new search starts at the top.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setView({ first: 0, offset: 0 });
  }, [resetKey]);

  useEffect(() => {
    if (count > 0) onRange?.(view.first, Math.min(count - 1, view.first + visible));
  }, [view.first, visible, count, onRange]);

  const onScroll = () => {
    const el = scroller.current;
    if (el) setView(viewFor(el.scrollTop));
  };

  const moveTo = (index: number) => {
    const i = Math.max(0, Math.min(count - 1, index));
    onActive(i);
    const el = scroller.current;
    if (!el) return;
    const rowsShown = Math.floor(height / rowHeight);
    if (i < view.first) el.scrollTop = scrollTopFor(i);
    else if (i >= view.first + rowsShown) el.scrollTop = scrollTopFor(i - rowsShown + 1);
  };

  const withActive = (act: (row: T, index: number) => void) => {
    if (activeIndex === null) return;
    const row = rowAt(activeIndex);
    if (row) act(row, activeIndex);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    // Keys typed into a control in a row (a checkbox) are the control's.
    if (count === 0 || e.target !== e.currentTarget) return;
    const at = activeIndex ?? view.first;
    const page = Math.max(1, Math.floor(height / rowHeight) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(activeIndex === null ? view.first : at + 1),
      ArrowUp: () => moveTo(at - 1),
      PageDown: () => moveTo(at + page),
      PageUp: () => moveTo(at - page),
      Home: () => moveTo(0),
      End: () => moveTo(count - 1),
      Enter: () => withActive(onOpen),
      ...(onToggle ? { ' ': () => withActive(onToggle) } : {}),
    };
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  };

  const template = shown.map((c) => c.track ?? 'minmax(0, 1fr)').join(' ');
  // Columns that gave way keep their mark in the first named cell (a checkbox column has no name).
  const gone = columns.filter((c) => c.marker && !shown.includes(c));
  const markedId = shown.find((c) => !c.hiddenHeader)?.id;
  const cells = (row: T) =>
    shown.map((c) => (
      <span
        key={c.id}
        role="gridcell"
        className={`vtable__cell${c.numeric ? ' num' : ''}${c.className ? ` ${c.className}` : ''}`}
        title={c.title?.(row)}
      >
        {c.id === markedId ? gone.map((g) => <Fragment key={g.id}>{g.marker?.(row)}</Fragment>) : null}
        {c.cell(row)}
      </span>
    ));

  const rows: ReactNode[] = [];
  const scrollTop = scroller.current?.scrollTop ?? 0;
  for (let i = view.first; i < Math.min(count, view.first + visible); i++) {
    const row = rowAt(i);
    const id = row ? rowId(row) : null;
    const active = i === activeIndex;
    const className = `vtable__row${active ? ' vtable__row--active' : ''}${id !== null && id === selectedId ? ' vtable__row--selected' : ''}${row ? '' : ' vtable__row--loading'}`;
    rows.push(
      <div
        key={i}
        className="vtable__slot"
        style={{ top: scrollTop - view.offset + (i - view.first) * rowHeight, height: rowHeight }}
      >
        <div
          id={`${idPrefix}-${i}`}
          role="row"
          aria-rowindex={i + 2}
          aria-selected={row ? id === selectedId : undefined}
          // Which row a painted row is: bench:typing and bench:index check the rows on screen against their own reference.
          data-row-id={id ?? undefined}
          className={className}
          onClick={
            row
              ? () => {
                  onActive(i);
                  onOpen(row, i);
                }
              : undefined
          }
        >
          {row ? cells(row) : <span role="gridcell">Loading…</span>}
        </div>
      </div>,
    );
  }

  return (
    <div
      ref={setRefs}
      className="vtable"
      role="grid"
      aria-label={label}
      aria-rowcount={count + 1}
      aria-colcount={shown.length}
      aria-activedescendant={activeIndex !== null && count > 0 ? `${idPrefix}-${activeIndex}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onScroll={onScroll}
      style={{ '--vtable-columns': template } as CSSProperties}
    >
      <div role="rowgroup" className="vtable__head">
        <div role="row" aria-rowindex={1} className="vtable__row vtable__row--header">
          {shown.map((c) => (
            <span
              key={c.id}
              role="columnheader"
              className={`vtable__cell${c.numeric ? ' num' : ''}`}
              aria-sort={c.sortValue ? ariaSort(sort, c.id) : undefined}
            >
              <HeaderLabel
                header={c.header}
                hidden={c.hiddenHeader}
                column={c.id}
                sort={sort}
                onSort={c.sortValue && onSort ? () => onSort(c.id) : undefined}
              />
            </span>
          ))}
        </div>
      </div>
      {count === 0 ? (
        <div role="row" className="vtable__empty">
          <span role="gridcell">{empty}</span>
        </div>
      ) : (
        <div role="rowgroup" className="vtable__spacer" style={{ height: spacer }}>
          {rows}
        </div>
      )}
    </div>
  );
}
