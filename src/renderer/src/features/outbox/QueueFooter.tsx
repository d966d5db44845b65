import type { ReactNode } from 'react';
import type { SubmitOnce } from '../../ui/useSubmitOnce';

/** The submit button of a queue form and what became of the last submission. */
export function QueueFooter({ label, done, submit, children }: { label: string; done: string | null; submit?: SubmitOnce; children?: ReactNode }) {
  const busy = submit?.busy ?? false;
  return (
    <>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {label}
        </button>
      </div>
      {submit?.failure ? (
        <p className="field__error" role="alert">
          {submit.failure}
        </p>
      ) : null}
      {done ? (
        <p className="form__saved" aria-live="polite">
          {done}
        </p>
      ) : null}
      {children}
    </>
  );
}
