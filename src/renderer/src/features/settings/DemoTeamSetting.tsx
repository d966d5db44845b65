import { useEffect, useState } from 'react';
import type { DemoTeamStatus } from '../../../../shared/ipc';
import { bridge, callMain } from '../../platform/bridge';

/**
 * Settings → whether the Demo runs with its simulated team (two colleagues whose desktops run in
 * main, on a database server main starts for the Demo) or alone, and what the team is doing:
 * starting, ready, or why it cannot run here.
 */
export function DemoTeamSetting() {
  const [status, setStatus] = useState<DemoTeamStatus | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void callMain((api) => api.demo.teamStatus()).then((r) => (r.ok ? setStatus(r.value) : setError(r.error.message)));
    return bridge()?.on('demo:team-changed', setStatus);
  }, []);

  const change = async (enabled: boolean) => {
    setError(null);
    const r = await callMain((api) => api.demo.setTeam({ enabled }));
    if (r.ok) setStatus(r.value);
    else setError(r.error.message);
  };

  const names = status?.colleagues.join(' and ') ?? 'two colleagues';
  return (
    <div className="field field--check">
      <input
        id="demo-team"
        type="checkbox"
        checked={status?.enabled ?? false}
        disabled={status === null || status.state === 'starting'}
        onChange={(ev) => void change(ev.target.checked)}
        aria-describedby="demo-team-hint"
      />
      <label htmlFor="demo-team">Run the Demo with a simulated team ({names})</label>
      <span id="demo-team-hint" className="field__hint" aria-live="polite">
        {error ?? status?.message ?? ''}
      </span>
    </div>
  );
}
