import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/**
 * A virtualized grid of fixed-height rows that scrolls a million of them smoothly. Browsers cap
 * an element's height (~33.5M px in Chromium), so past MAX_SCROLL_PX the scrollbar is scaled:
 * its position maps to a row index proportionally, and only the visible rows are in the DOM.
 * Keyboard: arrows, Page Up/Down, Home/End move the active row; Enter opens it.
 */

export const MAX_SCROLL_PX = 8_000_000;

interface Props {
  count: number;
  rowHeight: number;
  /** Column headers, rendered above the rows (role="row" with columnheader cells). */
  header: ReactNode;
  renderRow(index: number, active: boolean): ReactNode;
  /** The rows now on screen (to fetch them). */
  onRange(first: number, last: number): void;
  activeIndex: number | null;
  onActive(index: number): void;
  onOpen(index: number): void;
  label: string;
  /** Shown instead of rows when count is 0. */
  empty: ReactNode;
  /** A new value scrolls back to the top (a new search); the same value keeps the place as rows arrive. */
  resetKey: string;
}

interface View {
  first: number;
  /** How far the first row is scrolled out of view (px). */
  offset: number;
}

export function VirtualRows({ count, rowHeight, header, renderRow, onRange, activeIndex, onActive, onOpen, label, empty, resetKey }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(400);
  const [view, setView] = useState<View>({ first: 0, offset: 0 });

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
    (index: number): number => (scaled ? (Math.min(index, lastStart) / Math.max(1, lastStart)) * (spacer - height) : index * rowHeight),
    [scaled, lastStart, spacer, height, rowHeight],
  );

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    setHeight(el.clientHeight);
    return () => ro.disconnect();
  }, []);

  // A new search starts at the top.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setView({ first: 0, offset: 0 });
  }, [resetKey]);

  useEffect(() => {
    if (count > 0) onRange(view.first, Math.min(count - 1, view.first + visible));
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

  const onKeyDown = (e: KeyboardEvent) => {
    if (count === 0) return;
    const at = activeIndex ?? view.first;
    const page = Math.max(1, Math.floor(height / rowHeight) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(activeIndex === null ? view.first : at + 1),
      ArrowUp: () => moveTo(at - 1),
      PageDown: () => moveTo(at + page),
      PageUp: () => moveTo(at - page),
      Home: () => moveTo(0),
      End: () => moveTo(count - 1),
      Enter: () => activeIndex !== null && onOpen(activeIndex),
    };
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  };

  const rows: ReactNode[] = [];
  const scrollTop = scroller.current?.scrollTop ?? 0;
  for (let i = view.first; i < Math.min(count, view.first + visible); i++) {
    rows.push(
      <div key={i} className="vrows__row-slot" style={{ top: scrollTop - view.offset + (i - view.first) * rowHeight, height: rowHeight }}>
        {renderRow(i, i === activeIndex)}
      </div>,
    );
  }

  return (
    <div
      className="vrows"
      role="grid"
      aria-label={label}
      aria-rowcount={count + 1}
      aria-activedescendant={activeIndex !== null ? `vrow-${activeIndex}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className="vrows__header">{header}</div>
      <div className="vrows__scroller" ref={scroller} onScroll={onScroll}>
        {count === 0 ? (
          <div className="vrows__empty">{empty}</div>
        ) : (
          <div className="vrows__spacer" style={{ height: spacer }}>
            {rows}
          </div>
        )}
      </div>
    </div>
  );
}
