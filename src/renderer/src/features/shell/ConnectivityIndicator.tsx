import { connectivityLabel, useActiveConnectivity } from '../../stores/connectivity';

/** A live status region: assistive technology announces changes without moving focus. */
export function ConnectivityIndicator() {
  const status = useActiveConnectivity();
  const state = status?.state ?? 'unknown';
  return (
    <div className={`connectivity connectivity--${state}`} role="status" title={status?.reason}>
      <span className="connectivity__dot" aria-hidden="true" />
      {connectivityLabel(status)}
    </div>
  );
}
