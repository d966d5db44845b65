import type { ExportOutcome } from '../model/export-outcome';
import { count } from '../model/format';

/** The line beside an export's button: where the file went, why it failed, or that nothing was written. */
export function ExportOutcomeNote({
  outcome,
  rowsName = 'transactions',
}: {
  outcome: ExportOutcome | null;
  rowsName?: string;
}) {
  if (outcome?.kind === 'saved') {
    return (
      <span aria-live="polite" className="field__hint">
        Saved {count(outcome.rows)} {rowsName} to {outcome.path}
      </span>
    );
  }
  if (outcome?.kind === 'failed') {
    return (
      <span role="alert" className="field__error">
        The export failed: {outcome.message}
      </span>
    );
  }
  if (outcome?.kind === 'canceled') {
    return (
      <span aria-live="polite" className="field__hint">
        Export canceled; no file was written.
      </span>
    );
  }
  return null;
}
