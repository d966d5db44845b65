import { useCallback, useRef, useState } from 'react';

export interface SubmitOnce {
  busy: boolean;
  /** Why the last submit failed (thrown, not refused by the form's own checks); null otherwise. */
  failure: string | null;
  once(run: () => Promise<void>): Promise<void>;
}

/**
 * A form's submit that runs once at a time: a second Enter or click while the first is still
 * writing is ignored, not queued. For forms that create money movements, where two quick
 * submits would otherwise draft the same payment twice (POST /pay documents no idempotency).
 * A submit that throws is said in words, never left as an unhandled rejection.
 */
export function useSubmitOnce(): SubmitOnce {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const once = useCallback(async (run: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      await run();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      setFailure(`Not queued: ${reason} Look in Approvals before trying again, in case a draft was kept.`);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, failure, once };
}
