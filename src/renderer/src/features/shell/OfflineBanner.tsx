import { useActiveConnectivity, useConnectivity } from '../../stores/connectivity';
import { useSendingPaused } from '../../team/commands/team-sending-status';

const TEXT = {
  offline: 'You are offline. Showing saved data; changes will be sent when the connection returns.',
  degraded: 'The service is having trouble. Showing saved data; changes will be sent when it recovers.',
} as const;

// While sending is paused, coming back sends nothing: the banner must not promise it does.
const PAUSED_TEXT = {
  offline:
    'You are offline. Showing saved data. Sending is paused: approved items stay here when the connection returns, until you resume.',
  degraded:
    'The service is having trouble. Showing saved data. Sending is paused: approved items stay here when it recovers, until you resume.',
} as const;

/** Shown only while the service cannot be used normally; "Retry now" probes at once. */
export function OfflineBanner() {
  const status = useActiveConnectivity();
  const checking = useConnectivity((s) => s.checking);
  const check = useConnectivity((s) => s.check);
  const paused = useSendingPaused(status?.profileId ?? null);
  if (status?.state !== 'offline' && status?.state !== 'degraded') return null;
  const profileId = status.profileId;
  return (
    <div className={`banner banner--${status.state}`} role="alert">
      <div className="banner__text">
        <p>{(paused ? PAUSED_TEXT : TEXT)[status.state]}</p>
        {status.reason ? <p className="banner__reason">{status.reason}</p> : null}
      </div>
      <button type="button" className="button" onClick={() => profileId && void check(profileId)} disabled={checking}>
        {checking ? 'Checking…' : 'Retry now'}
      </button>
    </div>
  );
}
