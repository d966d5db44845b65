import { useCallback, useEffect, useState } from 'react';
import type { UpdateState } from '../../../../../shared/ipc';
import { bridge, callMain } from '../../../platform/bridge';

/** Main's update state, kept current by its `updates:changed` event, and the two things a person can ask. */
export function useUpdates(): {
  state: UpdateState | null;
  error: string | null;
  check(): Promise<void>;
  restart(): Promise<void>;
} {
  const [state, setState] = useState<UpdateState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ask = useCallback(async (run: Parameters<typeof callMain<UpdateState>>[0]) => {
    const r = await callMain(run);
    if (r.ok) {
      setState(r.value);
      setError(null);
    } else setError(r.error.message);
  }, []);
  useEffect(() => {
    const off = bridge()?.on('updates:changed', setState);
    void ask((api) => api.updates.state());
    return off;
  }, [ask]);
  return {
    state,
    error,
    check: () => ask((api) => api.updates.check()),
    restart: () => ask((api) => api.updates.restart()),
  };
}
