import { syncs, useSyncStore } from '../../app/sync';
import { timeOfDay } from '../../model/format';
import { ariaShortcut, formatShortcut } from '../../model/shortcuts';
import { useAppInfo } from '../../stores/app-info';
import { useConnectivity } from '../../stores/connectivity';
import { useProfiles } from '../../stores/profiles';
import { syncSummary } from '../../sync/sync-summary';
import { UPDATE_SHORTCUT, updateBlocked } from './update-now';
import './sync-status.css';

/**
 * The top bar's one status of the profile's data (the app's only "refresh"): when it was last
 * brought up to date, how far an update has gone, or why it failed; with Update now (F5), Try
 * again, or Cancel beside it.
 */
export function SyncStatus({ profileId }: { profileId: string }) {
  const p = useSyncStore((s) => s.byProfile[profileId]);
  const offline = useConnectivity((s) => s.byProfile[profileId]?.state === 'offline');
  const noKey = useProfiles((s) => s.profiles.some((x) => x.id === profileId && x.kind === 'live' && !x.hasKey));
  const mac = useAppInfo((s) => s.mac);
  const summary = syncSummary(p, offline, (ms) => timeOfDay(ms));
  const blocked = updateBlocked({ noKey, offline, running: false });
  const keys = formatShortcut(UPDATE_SHORTCUT, mac);
  return (
    // A named group, not a second role="status": the connectivity pill is the header's one status.
    <div className={`sync-status sync-status--${summary.tone}`} role="group" aria-label="Data status">
      <span className="sync-status__text" aria-live="polite" title={summary.detail ?? summary.text}>
        {summary.text}
      </span>
      {summary.action === 'cancel' ? (
        // Named in full: the top bar is on every screen, beside dialogs with Cancel buttons of their own.
        <button
          type="button"
          className="button button--quiet"
          aria-label="Cancel the update"
          onClick={() => syncs.cancelSync(profileId)}
        >
          Cancel
        </button>
      ) : (
        <button
          type="button"
          className="button button--quiet"
          disabled={blocked !== undefined}
          title={blocked ?? `Bring this profile's data up to date now (${keys})`}
          aria-keyshortcuts={ariaShortcut(UPDATE_SHORTCUT, mac)}
          onClick={() => void syncs.startSync(profileId)}
        >
          {summary.action === 'retry' ? 'Try again' : 'Update now'}
        </button>
      )}
    </div>
  );
}
