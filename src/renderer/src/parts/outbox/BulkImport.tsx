import { useState } from 'react';
import type { SvcHandle, VirtualAccountView } from '../../../../shared/service';
import { useEntities } from '../../repos/entities-hooks';
import {
  importPayments,
  importTransfers,
  PAYMENT_COLUMNS,
  TRANSFER_COLUMNS,
  type ImportLine,
} from '../../outbox/model/bulk-import';
import { queueDrafts } from '../../team/commands/submit-draft';
import './outbox.css';

const SHOWN_PROBLEMS = 200;

/** A CSV of transfers or payments into drafts, checked row by row; a file with errors queues nothing unless the person leaves those rows out. */
export function BulkImport({ profileId, kind }: { profileId: string; kind: 'transfer' | 'payment' }) {
  const accounts = useEntities<VirtualAccountView>(profileId, 'virtualAccount')?.items ?? [];
  const handles = useEntities<SvcHandle>(profileId, 'svcHandle')?.items ?? [];
  const [lines, setLines] = useState<ImportLine[] | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dropBad, setDropBad] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [queuing, setQueuing] = useState(false);
  const id = `import-${kind}`;
  const columns = kind === 'transfer' ? TRANSFER_COLUMNS : PAYMENT_COLUMNS;

  const load = async (file: File | undefined) => {
    setLines(null);
    setFileError(null);
    setProgress(null);
    setDropBad(false);
    if (!file) return;
    if (file.size > 20 * 1024 * 1024)
      return setFileError('The file is larger than 20 MB; split it into smaller files.');
    const ctx = {
      accounts: new Map(
        accounts.filter((v) => !v.virtualAccount.closedAt).map((v) => [v.virtualAccount.id, v.virtualAccount.name]),
      ),
      handles: new Map(handles.map((h) => [h.svcHandle.toLowerCase(), h.name])),
    };
    const r = (kind === 'transfer' ? importTransfers : importPayments)(await file.text(), ctx);
    if (!r.ok) return setFileError(r.error);
    setLines(r.lines);
  };

  const bad = lines?.filter((l) => l.errors.length > 0) ?? [];
  const good = lines?.filter((l) => l.input !== null) ?? [];
  const canQueue = good.length > 0 && (bad.length === 0 || dropBad);

  const queue = async () => {
    const inputs = good.flatMap((l) => (l.input ? [l.input] : []));
    setQueuing(true);
    setFileError(null);
    setProgress(`Queuing ${inputs.length} ${kind}s…`);
    try {
      // One commit for all the drafts, then each is signed when a workspace approves them.
      const rows = await queueDrafts(profileId, inputs, (signed) => {
        if (signed % 25 === 0) setProgress(`Signed ${signed} of ${inputs.length}…`);
      });
      setProgress(`Queued ${rows.length} ${kind}s for approval.`);
      setLines(null);
    } catch (error) {
      setProgress(null);
      setFileError(
        `The ${kind}s were not queued for approval: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setQueuing(false);
    }
  };

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__title">
        Import {kind}s from CSV
      </h2>
      <p className="field__hint">
        Columns: {columns.join(', ')}. Amounts in dollars (1,200.50); dates as 2026-12-01 (UTC).
      </p>
      <label htmlFor={id} className="field__label">
        CSV file
      </label>
      <input id={id} type="file" accept=".csv,text/csv" onChange={(e) => void load(e.target.files?.[0])} />
      {fileError ? (
        <p className="field__error" role="alert">
          {fileError}
        </p>
      ) : null}
      {lines ? (
        <div aria-live="polite">
          <p>
            {good.length} row{good.length === 1 ? '' : 's'} ready{bad.length ? `, ${bad.length} with errors` : ''}.
          </p>
          {bad.length ? (
            <>
              <table className="import-errors">
                <caption>Rows with errors</caption>
                <thead>
                  <tr>
                    <th scope="col">Line</th>
                    <th scope="col">Row</th>
                    <th scope="col">What is wrong</th>
                  </tr>
                </thead>
                <tbody>
                  {bad.slice(0, SHOWN_PROBLEMS).map((l) => (
                    <tr key={l.line}>
                      <td>{l.line}</td>
                      <td>{l.cells.join(', ')}</td>
                      <td className="field__error">{l.errors.join(' ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {bad.length > SHOWN_PROBLEMS ? (
                <p className="field__hint">And {bad.length - SHOWN_PROBLEMS} more.</p>
              ) : null}
              <label>
                <input type="checkbox" checked={dropBad} onChange={(e) => setDropBad(e.target.checked)} /> Leave out the{' '}
                {bad.length} rows with errors
              </label>
            </>
          ) : null}
          <div className="form__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={!canQueue || queuing}
              onClick={() => void queue()}
            >
              Queue {good.length} {kind}
              {good.length === 1 ? '' : 's'}
            </button>
          </div>
        </div>
      ) : null}
      {progress ? (
        <p className="form__saved" aria-live="polite">
          {progress}
        </p>
      ) : null}
    </section>
  );
}
