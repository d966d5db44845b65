import { useEffect, useState } from 'react';
import { nextClockDelay } from '../../forecast/model/days';

/** The coarse tick: outbox rows fall due by the minute, so finer would only re-render. */
const TICK_MS = 60_000;

/**
 * The time a screen counts from, read again about every minute and exactly at each UTC midnight,
 * so a dashboard left open across a day or a month end moves its day 0, its month windows and
 * its limits' periods with it. Each read re-arms one timer; unmounting clears it.
 */
export function useUtcClock(tickMs = TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setTimeout(() => setNow(Date.now()), nextClockDelay(now, tickMs));
    return () => window.clearTimeout(timer);
  }, [now, tickMs]);
  return now;
}
