import type { ReactNode } from 'react';

/** The submit button of a queue form and what became of the last submission. */
export function QueueFooter({ label, done, children }: { label: string; done: string | null; children?: ReactNode }) {
  return (
    <>
      <div className="form__actions">
        <button type="submit" className="button button--primary">
          {label}
        </button>
      </div>
      {done ? (
        <p className="form__saved" aria-live="polite">
          {done}
        </p>
      ) : null}
      {children}
    </>
  );
}
