import { useConnectivity } from '../../stores/connectivity';

const TEXT = {
  offline: 'You are offline. Showing saved data; changes will be sent when the connection returns.',
  degraded: 'The service is having trouble. Showing saved data; changes will be sent when it recovers.',
} as const;

/** Shown only while the service cannot be used normally; "Retry now" probes at once. */
export function OfflineBanner() {
  const status = useConnectivity((s) => s.status);
  const checking = useConnectivity((s) => s.checking);
  const check = useConnectivity((s) => s.check);
  if (status?.state !== 'offline' && status?.state !== 'degraded') return null;
  return (
    <div className={`banner banner--${status.state}`} role="alert">
      <div className="banner__text">
        <p>{TEXT[status.state]}</p>
        {status.reason ? <p className="banner__reason">{status.reason}</p> : null}
      </div>
      <button type="button" className="button" onClick={() => void check()} disabled={checking}>
        {checking ? 'Checking…' : 'Retry now'}
      </button>
    </div>
  );
}
