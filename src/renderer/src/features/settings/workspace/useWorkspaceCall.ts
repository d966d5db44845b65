import { useCallback, useRef, useState } from 'react';
import type { Result } from '../../../../../shared/ipc';
import type { Note } from '../../../ui/StatusNote';
import { workspaceFailureWords } from '../../../team/model/workspace-words';

/**
 * One workspace action of a part of Settings: whether it runs (its button waits), and what it
 * came to in words: `done`'s sentence, or the failure's kind and main's sentence as an alert.
 */
export function useWorkspaceCall() {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const running = useRef(false);
  const run = useCallback(
    async <T>(call: () => Promise<Result<T>>, done: (value: T) => string | null): Promise<T | null> => {
      if (running.current) return null;
      running.current = true;
      setBusy(true);
      setNote(null);
      const r = await call();
      running.current = false;
      setBusy(false);
      if (!r.ok) {
        setNote({ text: workspaceFailureWords(r.error), error: true });
        return null;
      }
      const text = done(r.value);
      setNote(text === null ? null : { text, error: false });
      return r.value;
    },
    [],
  );
  return { busy, note, run, clear: () => setNote(null) };
}
