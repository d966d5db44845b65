import type { ReactNode } from 'react';
import type { SubmitOnce } from '../../ui/useSubmitOnce';

/** The submit button of a queue form and why the last submission failed (what became of one that went, the screen says). */
export function QueueFooter({ label, submit, children }: { label: string; submit?: SubmitOnce; children?: ReactNode }) {
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
      {children}
    </>
  );
}
