import { syncs, useSyncStore } from '../../app/sync';
import { ago, count, duration } from '../../model/format';
import { useConnectivity } from '../../stores/connectivity';
import './sync-status.css';

const PHASES: Record<string, string> = {
  planning: 'Planning the download',
  entities: 'Refreshing cards and accounts',
  backfill: 'Downloading the history',
  incremental: 'Checking recent transactions',
  reconciling: 'Checking pending transactions',
};

/** How fresh the cached data is, in one phrase. */
function freshness(lastSuccessAt: number | undefined, phase: string | undefined, offline: boolean): string {
  if (offline) return lastSuccessAt ? `Last synced ${ago(lastSuccessAt)}` : 'Not synced yet';
  if (lastSuccessAt) return `Up to date as of ${ago(lastSuccessAt)}`;
  return phase === 'error' || phase === 'canceled' ? 'Not up to date' : 'Not synced yet';
}

/** The profile's sync: "as of" time, progress (rows, rate, time left), errors, Sync now / Cancel. */
export function SyncStatus({ profileId }: { profileId: string }) {
  const p = useSyncStore((s) => s.byProfile[profileId]);
  // Offline the data is as old as the last sync, not "up to date": the two are never said together.
  const offline = useConnectivity((s) => s.byProfile[profileId]?.state === 'offline');
  const busy = !!p && p.phase in PHASES;
  const done = p ? p.resumedRows + p.rows : 0;
  return (
    <div className="sync-status" aria-live="polite">
      {busy && p ? (
        <>
          <span>
            {PHASES[p.phase]}
            {p.phase === 'backfill' && p.total
              ? `: ${count(Math.min(done, p.total))} of ${count(p.total)} (${Math.min(100, Math.floor((100 * done) / p.total))}%)`
              : p.rows
                ? `: ${count(p.rows)} received`
                : '…'}
            {p.rowsPerSecond > 0 ? ` · ${count(p.rowsPerSecond)}/s` : ''}
            {p.etaSeconds ? ` · about ${duration(p.etaSeconds)} left` : ''}
          </span>
          {p.phase === 'backfill' && p.total ? (
            <progress max={p.total} value={Math.min(done, p.total)} aria-label="Download progress" />
          ) : null}
          <button type="button" className="button button--quiet" onClick={() => syncs.cancelSync(profileId)}>
            Cancel
          </button>
        </>
      ) : (
        <>
          <span>{freshness(p?.lastSuccessAt, p?.phase, offline)}</span>
          {p?.error && !offline ? (
            <span className="sync-status__error" role="alert">
              {p.error}
            </span>
          ) : null}
          <button
            type="button"
            className="button button--quiet"
            disabled={offline}
            title={offline ? 'Offline: a sync starts by itself when the connection returns.' : undefined}
            onClick={() => void syncs.startSync(profileId)}
          >
            Sync now
          </button>
        </>
      )}
    </div>
  );
}
