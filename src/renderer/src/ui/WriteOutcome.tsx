import { FormError } from './FormError';

/** What the last write of a form came to: its error (an alert), or what it did (a status). */
export function WriteOutcome({ error, done }: { error: string | null; done: string | null }) {
  return (
    <>
      <FormError message={error} />
      {done ? (
        <p className="form__saved" role="status">
          {done}
        </p>
      ) : null}
    </>
  );
}
