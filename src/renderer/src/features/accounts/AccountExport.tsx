import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { VirtualAccountView } from '../../../../shared/service';
import { exportAccount, type AccountExportFormat } from '../../accounts/commands/export-account';
import { lastFullMonth, rangeProblems, type ExportRange } from '../../accounts/model/export-range';
import { ofxProblem } from '../../accounts/model/ofx';
import type { ExportOutcome } from '../../exports/commands/save-in-pieces';
import { useEntities } from '../../repos/entities-hooks';
import { ExportOutcomeNote } from '../../ui/ExportOutcomeNote';
import { TextField } from '../../ui/TextField';
import { focusFirstField } from '../../ui/focus';
import { useScreenActions } from '../../stores/action-registry';
import './account-export.css';

export interface AccountExportProps {
  profileId: string;
  view: VirtualAccountView;
}

const FORMATS: { value: AccountExportFormat; label: string }[] = [
  { value: 'ofx', label: 'OFX (Quicken, QuickBooks, GnuCash)' },
  { value: 'csv', label: 'CSV (spreadsheet)' },
];

/**
 * "Export transactions" of one account for a date range, as OFX or CSV. Everything comes from the
 * cache on this computer, so it works offline; a bad range is refused beside its field and
 * nothing is written.
 */
export function AccountExport({ profileId, view }: AccountExportProps) {
  const id = useId();
  // The default range is fixed when the panel opens: the month before, as an accountant closes it.
  const [range, setRange] = useState<ExportRange>(() => lastFullMonth(Date.now()));
  const [format, setFormat] = useState<AccountExportFormat>('ofx');
  const [tried, setTried] = useState(false);
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<ExportOutcome | null>(null);
  const controller = useRef<AbortController | null>(null);
  const balanceAsOf = useEntities(profileId, 'virtualAccount')?.asOf ?? null;
  // Closing the details or opening another account unmounts the panel: an export still running
  // would go on writing a file whose outcome no one sees, so it stops (and its partial file goes).
  useEffect(() => () => controller.current?.abort(), []);

  const problems = rangeProblems(range);
  const shown = tried ? problems : {};
  const formatProblem = format === 'ofx' ? ofxProblem(view, balanceAsOf) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    setOutcome(null);
    if (problems.from || problems.to || formatProblem || running) return;
    controller.current = new AbortController();
    setRunning(true);
    const nowMs = Date.now();
    const r = await exportAccount({
      profileId,
      view,
      range,
      format,
      nowMs,
      balanceAsOfMs: balanceAsOf,
      signal: controller.current.signal,
    });
    setRunning(false);
    setOutcome(r);
  };

  const formRef = useRef<HTMLFormElement>(null);
  // The range and format are asked for first, so the command takes the person to the form.
  useScreenActions([
    {
      id: 'accounts:export',
      title: `Export the transactions of ${view.virtualAccount.name}…`,
      group: 'Selected item',
      keywords: ['ofx', 'csv', 'download', 'statement'],
      run: () => focusFirstField(formRef.current),
    },
  ]);

  return (
    <section className="account-export" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Export transactions</h3>
      <form ref={formRef} className="form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="account-export__range">
          <TextField
            id={`${id}-from`}
            label="From"
            type="date"
            value={range.from}
            error={shown.from}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
          />
          <TextField
            id={`${id}-to`}
            label="To"
            type="date"
            value={range.to}
            error={shown.to}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
          />
        </div>
        <fieldset
          className="account-export__formats"
          aria-describedby={formatProblem ? `${id}-format-error` : undefined}
        >
          <legend className="field__label">Format</legend>
          {FORMATS.map((f) => (
            <label key={f.value}>
              <input
                type="radio"
                name={`${id}-format`}
                value={f.value}
                checked={format === f.value}
                onChange={() => setFormat(f.value)}
              />{' '}
              {f.label}
            </label>
          ))}
          {formatProblem ? (
            <p id={`${id}-format-error`} className="field__error" role="alert">
              {formatProblem}
            </p>
          ) : null}
        </fieldset>
        <p className="field__hint">
          Days are in UTC, both included. Posted and pending transactions only, as in the balance chart: failed,
          declined and canceled ones never moved money, and those held for approval or in review have not yet; they are
          left out. Made from the transactions as of the last sync, so it works offline; sync first for the latest.
        </p>
        <div className="form__actions">
          <button type="submit" className="button" disabled={running || formatProblem !== null}>
            {running ? 'Exporting…' : 'Export'}
          </button>
          {running ? (
            <button type="button" className="button button--quiet" onClick={() => controller.current?.abort()}>
              Cancel export
            </button>
          ) : null}
        </div>
        <ExportOutcomeNote outcome={outcome} />
      </form>
    </section>
  );
}
