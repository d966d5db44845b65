import { useId } from 'react';
import { timeTicks, valueScale } from '../model/chart-scale';
import { dayOf, money, monthOf, shortDayOf } from '../model/format';
import { useWidth } from './useWidth';

export interface ChartPoint {
  /** The instant (ms) of the point: a UTC day's start, a week's, a month's. */
  x: number;
  /** Cents. */
  y: number;
}

interface Props {
  points: readonly ChartPoint[];
  /** What the picture shows in one sentence, for a screen reader (the table beside has the rest). */
  summary: string;
  /** More for a screen reader after the summary (the steps the chart marks, with their days). */
  description?: string | undefined;
  height?: number;
  /** Shade the area under the line (a total per period). */
  area?: boolean;
  /** Keep zero on the axis (totals); a balance is scaled to its own range. */
  withZero?: boolean;
  /** A point to mark (the lowest balance). */
  mark?: ChartPoint | undefined;
  /** Known changes to mark where they happen, each with a short label ("Payroll transfer −$18,250.00"). */
  steps?: readonly ChartStep[] | undefined;
}

export interface ChartStep {
  /** The instant (ms) the change is drawn at. */
  x: number;
  label: string;
  /** A shorter label ("−$18,250.00") where the whole one has no room. */
  short?: string;
}

/** Rows of step labels above the plot: two, so neighbouring days' labels can sit one above the other. */
const STEP_ROWS = 2;
const STEP_ROW_PX = 14;
const STEP_GAP_PX = 8;

const PAD = { top: 10, right: 14, bottom: 26 };
const TICK_FONT_PX = 11;
/** Rough width of a tick label's character at TICK_FONT_PX, to leave room for the value axis. */
const CHAR_PX = 6.6;

/** The line's value at `x`, between the points either side of it (points in order of x). */
function valueAt(points: readonly ChartPoint[], x: number): number {
  const after = points.findIndex((p) => p.x >= x);
  if (after <= 0) return (after === 0 ? points[0] : points.at(-1))?.y ?? 0;
  const a = points[after - 1];
  const b = points[after];
  if (!a || !b || b.x === a.x) return b?.y ?? 0;
  return a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x);
}

interface PlacedStep {
  x: number;
  /** The label drawn: the whole one, else the short one, where it fits. */
  label: string;
  /** The row its label sits in, or null when neither row has room (the summary still says it). */
  row: number | null;
  anchor: 'start' | 'end';
}

/**
 * Where each step's label goes: after its marker, or before it near the right edge, in the first
 * row where it overlaps no other label; the short label where the whole one finds no room. A
 * label with no room at all is left out rather than drawn over another; the marker stays.
 */
function placeSteps(steps: readonly ChartStep[], sx: (x: number) => number, right: number): PlacedStep[] {
  const taken: [number, number][][] = Array.from({ length: STEP_ROWS }, () => []);
  return [...steps]
    .sort((a, b) => a.x - b.x)
    .map((s): PlacedStep => {
      const at = sx(s.x);
      for (const label of s.short ? [s.label, s.short] : [s.label]) {
        const w = label.length * CHAR_PX;
        const anchor = at + 4 + w <= right ? 'start' : 'end';
        const span: [number, number] = anchor === 'start' ? [at, at + 4 + w] : [at - 4 - w, at];
        const row = taken.findIndex((r) =>
          r.every(([a, b]) => span[1] + STEP_GAP_PX <= a || b + STEP_GAP_PX <= span[0]),
        );
        if (row < 0) continue;
        taken[row]?.push(span);
        return { x: s.x, label, row, anchor };
      }
      return { x: s.x, label: s.label, row: null, anchor: 'start' };
    });
}

/** "$40,000" on an axis: whole dollars when the tick is whole, cents otherwise. */
function axisMoney(cents: number): string {
  const text = money(cents);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

/**
 * A line over time with real axes: round money ticks on the left, dates below (UTC days or
 * months, the year said where it changes), grid lines, zero drawn where it is in range. Drawn at
 * the width it is given (measured), so its text stays the size of the text around it, and
 * coloured only through the design tokens (ui/charts.css), so both themes draw it.
 */
export function LineChart({
  points,
  summary,
  height = 180,
  area = false,
  withZero = false,
  mark,
  steps,
  description,
}: Props) {
  const { ref, width: measured } = useWidth<HTMLDivElement>();
  const titleId = useId();
  const descId = useId();
  const width = Math.max(240, measured ?? 480);
  if (points.length === 0) return null;
  const ys = valueScale(
    points.map((p) => p.y),
    4,
    withZero,
  );
  const xs = points.map((p) => p.x);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const labels = ys.ticks.map(axisMoney);
  const left = Math.ceil(Math.max(...labels.map((l) => l.length)) * CHAR_PX) + 10;
  const plotW = width - left - PAD.right;
  // Step labels get rows of their own above the plot, so the plot keeps the height it was given.
  const labelRows = steps?.length ? STEP_ROWS * STEP_ROW_PX : 0;
  const top = PAD.top + labelRows;
  const plotH = height - PAD.top - PAD.bottom;
  const svgHeight = height + labelRows;
  const sx = (x: number) => left + (x1 === x0 ? plotW / 2 : ((x - x0) / (x1 - x0)) * plotW);
  const sy = (y: number) => top + (ys.hi === ys.lo ? plotH / 2 : ((ys.hi - y) / (ys.hi - ys.lo)) * plotH);
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`).join(' ');
  const base = sy(Math.max(ys.lo, Math.min(ys.hi, 0)));
  const fill = `${line} L${sx(x1).toFixed(1)},${base.toFixed(1)} L${sx(x0).toFixed(1)},${base.toFixed(1)} Z`;
  const time = timeTicks(x0, x1, Math.max(2, Math.floor(plotW / 90)));
  const timeLabel = (t: number, i: number) => {
    if (time.unit === 'month') return monthOf(t);
    const prev = time.ticks[i - 1];
    // The year is said on the first tick and where it changes; the others read "Nov 27".
    return i === 0 || (prev !== undefined && new Date(prev).getUTCFullYear() !== new Date(t).getUTCFullYear())
      ? dayOf(t)
      : shortDayOf(t);
  };

  return (
    <div ref={ref} className="line-chart">
      <svg
        width={width}
        height={svgHeight}
        role="img"
        aria-labelledby={titleId}
        {...(description ? { 'aria-describedby': descId } : {})}
        className="line-chart__svg"
      >
        <title id={titleId}>{summary}</title>
        {description ? <desc id={descId}>{description}</desc> : null}
        {ys.ticks.map((t, i) => (
          <g key={t}>
            <line className="line-chart__grid" x1={left} x2={width - PAD.right} y1={sy(t)} y2={sy(t)} />
            <text
              className="line-chart__tick"
              x={left - 6}
              y={sy(t)}
              dy="0.35em"
              textAnchor="end"
              fontSize={TICK_FONT_PX}
            >
              {labels[i]}
            </text>
          </g>
        ))}
        {ys.lo < 0 && ys.hi > 0 ? (
          <line className="line-chart__zero" x1={left} x2={width - PAD.right} y1={sy(0)} y2={sy(0)} />
        ) : null}
        <line className="line-chart__axis" x1={left} x2={width - PAD.right} y1={top + plotH} y2={top + plotH} />
        {time.ticks.map((t, i) => (
          <g key={t}>
            <line className="line-chart__axis" x1={sx(t)} x2={sx(t)} y1={top + plotH} y2={top + plotH + 4} />
            <text className="line-chart__tick" x={sx(t)} y={svgHeight - 8} textAnchor="middle" fontSize={TICK_FONT_PX}>
              {timeLabel(t, i)}
            </text>
          </g>
        ))}
        {area ? <path className="line-chart__area" d={fill} /> : null}
        <path className="line-chart__line" d={line} />
        {steps?.length
          ? placeSteps(steps, sx, width - PAD.right).map((s) => (
              <g key={`${s.x}-${s.label}`} className="line-chart__step">
                <line
                  className="line-chart__step-line"
                  x1={sx(s.x)}
                  x2={sx(s.x)}
                  y1={s.row === null ? top : PAD.top + s.row * STEP_ROW_PX + 7}
                  y2={top + plotH}
                />
                <circle className="line-chart__step-dot" cx={sx(s.x)} cy={sy(valueAt(points, s.x))} r={3} />
                {s.row !== null ? (
                  <text
                    className="line-chart__step-label"
                    x={sx(s.x) + (s.anchor === 'start' ? 4 : -4)}
                    y={PAD.top + s.row * STEP_ROW_PX}
                    dy="0.35em"
                    textAnchor={s.anchor}
                    fontSize={TICK_FONT_PX}
                  >
                    {s.label}
                  </text>
                ) : null}
              </g>
            ))
          : null}
        {mark ? <circle className="line-chart__mark" cx={sx(mark.x)} cy={sy(mark.y)} r={4} /> : null}
      </svg>
    </div>
  );
}

/** The numbers behind a chart as a table, behind a disclosure beside it. */
export function ChartNumbers({ children, label = 'Show the numbers' }: { children: React.ReactNode; label?: string }) {
  return (
    <details className="chart-numbers">
      <summary>{label}</summary>
      {children}
    </details>
  );
}
