/**
 * Which columns of a table fit its width. Each column says the least width it stays readable at
 * and how much it matters (priority 1 is never dropped); when they do not all fit, the least
 * important go first, the rightmost of equals before the others, until the rest fit. So with a
 * detail pane open the list keeps its description and amount whole instead of squeezing every
 * column to an ellipsis ("-$77…").
 */
export interface FitColumn {
  id: string;
  /** Narrowest width (px) at which the column still reads. */
  minWidth: number;
  /** 1 = always shown; higher numbers are dropped first. */
  priority: number;
}

/** The ids of the columns kept for `width` px with `gap` px between columns, in their order. */
export function columnsThatFit(columns: readonly FitColumn[], width: number, gap = 0): string[] {
  const kept = columns.map((c, index) => ({ ...c, index }));
  const need = () => kept.reduce((sum, c) => sum + c.minWidth, 0) + gap * Math.max(0, kept.length - 1);
  while (need() > width) {
    let drop = -1;
    for (let i = 0; i < kept.length; i++) {
      const c = kept[i] as (typeof kept)[number];
      if (c.priority <= 1) continue;
      if (drop === -1 || c.priority >= (kept[drop] as (typeof kept)[number]).priority) drop = i;
    }
    if (drop === -1) break;
    kept.splice(drop, 1);
  }
  return kept.map((c) => c.id);
}
