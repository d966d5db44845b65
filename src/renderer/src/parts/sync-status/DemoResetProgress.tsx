import { useEffect, useState } from 'react';
import { demoResetView, type IndexSnapshot } from '../../model/demo-reset-progress';
import { count, duration } from '../../model/format';
import { searchClient } from '../../search/search-session';
import { useSyncStore } from '../../app/sync';
import { useDemoReset } from '../../stores/demo-reset';
import './sync-status.css';

const DEMO = 'demo';
/** The time left is recomputed this often while nothing else changes (planning has no rows yet). */
const TICK_MS = 500;

function useDemoIndex(active: boolean): IndexSnapshot | null {
  const [index, setIndex] = useState<IndexSnapshot | null>(null);
  useEffect(() => {
    if (!active) return;
    let live = true;
    const take = (s: { profileId: string | null; state: string; rows: number }) => {
      if (live && s.profileId === DEMO) setIndex({ state: s.state, rows: s.rows });
    };
    const off = searchClient().onStatus(take);
    void searchClient()
      .status()
      .then(take, () => undefined);
    return () => {
      live = false;
      off();
    };
  }, [active]);
  return index;
}

/**
 * "Reset the Demo" from the click until every transaction is searchable: the stage, rows done of
 * rows expected, a percentage, a bar and the time left, the whole way. Nothing when no reset ran.
 */
/**
 * `hideWhileDownloading`: on Transactions, where the top bar's data status shows the same
 * download ("Updating… 1,200 of 3,000 transactions") with Cancel; one line saying it is enough.
 */
export function DemoResetProgress({
  hideWhenDone = false,
  hideWhileDownloading = false,
}: {
  hideWhenDone?: boolean;
  hideWhileDownloading?: boolean;
}) {
  const run = useDemoReset((s) => s.run);
  const sync = useSyncStore((s) => s.byProfile[DEMO]);
  const index = useDemoIndex(run !== null);
  const [now, setNow] = useState(() => Date.now());
  const view = run ? demoResetView(run, sync, index, now) : null;
  const moving = view !== null && view.etaSeconds !== null;
  useEffect(() => {
    if (!moving) return;
    const t = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(t);
  }, [moving]);
  if (!view || (hideWhenDone && view.stage === 'done') || (hideWhileDownloading && view.stage === 'downloading'))
    return null;
  return (
    <div
      className="demo-progress"
      aria-live="polite"
      data-stage={view.stage}
      data-rows={view.rows}
      data-total={view.total}
      data-percent={view.percent}
    >
      <span className="demo-progress__label">
        {view.label}: {count(view.rows)} of {count(view.total)} transactions ({view.percent}%)
        {view.etaSeconds !== null
          ? ` · about ${duration(view.etaSeconds)} left${view.estimated ? ' (estimate)' : ''}`
          : ''}
      </span>
      {view.stage !== 'done' && view.stage !== 'stopped' ? (
        <progress max={Math.max(1, view.total)} value={view.rows} aria-label="Demo reset progress" />
      ) : null}
      {view.error ? (
        <span className="sync-status__error" role="alert">
          {view.error}
        </span>
      ) : null}
    </div>
  );
}
