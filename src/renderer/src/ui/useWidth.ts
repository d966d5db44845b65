import { useCallback, useMemo, useRef, useState } from 'react';
import { columnsThatFit, type FitColumn } from '../model/columns';

/**
 * The content width (px) of the element the returned ref is put on, kept current as the window or
 * a pane beside it changes size; null until it was first measured.
 */
export function useWidth<E extends HTMLElement>(): { ref: (el: E | null) => void; width: number | null } {
  const [width, setWidth] = useState<number | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: E | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    observer.current = new ResizeObserver(measure);
    observer.current.observe(el);
    measure();
  }, []);
  return { ref, width };
}

/** The columns that fit the element's width, by priority (model/columns.ts); all of them until it is measured. */
export function useFittingColumns<C extends FitColumn, E extends HTMLElement>(
  columns: readonly C[],
  gap: number,
  padding = 0,
): { ref: (el: E | null) => void; shown: C[] } {
  const { ref, width } = useWidth<E>();
  const shown = useMemo(() => {
    if (width === null) return [...columns];
    const ids = new Set(columnsThatFit(columns, width - padding, gap));
    return columns.filter((c) => ids.has(c.id));
  }, [columns, width, gap, padding]);
  return { ref, shown };
}
