import { useState, type ReactNode } from 'react';
import type { SvcHandle, VirtualAccountView } from '../../../../shared/service';
import { useEntities } from '../../repos/entities-hooks';
import type { DraftInput } from '../../../../shared/outbox';
import {
  importPayments,
  importTemplate,
  importTransfers,
  PAYMENT_COLUMNS,
  TRANSFER_COLUMNS,
  type ImportLine,
} from '../../outbox/model/bulk-import';
import { queueDrafts } from '../../team/commands/submit-draft';
import { saveInPieces } from '../../exports/commands/save-in-pieces';
import { dayOf, money } from '../../model/format';
import './outbox.css';

const SHOWN_PROBLEMS = 200;

/** What a good row will queue, in words: the preview a person confirms. */
function describeInput(input: DraftInput): string {
  if (input.kind === 'transfer') {
    const p = input.payload;
    const on = input.notBefore ? ` · on ${dayOf(input.notBefore)}` : '';
    return `${money(p.amountCents)} from ${input.labels?.source ?? p.source} to ${input.labels?.destination ?? p.destination}${p.memo ? ` · ${p.memo}` : ''}${on}`;
  }
  if (input.kind === 'payment')
    return `${money(input.payload.amountCents)} to ${input.labels?.destination ?? `@${input.payload.svcHandle}`}`;
  return '';
}

/**
 * A CSV of transfers or payments into drafts: a template to fill in, then a preview of every row
 * (what each good row queues, what is wrong with each bad one and how to mend it). Nothing is
 * queued until the person confirms the preview; a file with errors queues nothing unless the
 * person leaves those rows out.
 */
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

  const [template, setTemplate] = useState<string | null>(null);
  const saveTemplate = async () => {
    const text = importTemplate(kind);
    const r = await saveInPieces(`${kind}s-template.csv`, 'csv', oneOf({ text, rows: 0 }));
    setTemplate(
      r.kind === 'saved'
        ? `Saved the template to ${r.path}.`
        : r.kind === 'failed'
          ? `The template could not be saved: ${r.message}`
          : null,
    );
  };

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
    <section className="bulk-import" aria-label={`Import ${kind}s from CSV`}>
      <p className="field__hint">
        Columns: {columns.join(', ')}. Amounts in dollars (1,200.50); dates as 2026-12-01 (UTC). You see every row
        before anything is queued.
      </p>
      <div className="form__actions">
        <button type="button" className="button" onClick={() => void saveTemplate()}>
          Download the template
        </button>
      </div>
      {template ? (
        <p className="field__hint" aria-live="polite">
          {template}
        </p>
      ) : null}
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
          <PreviewTable
            caption="Rows to queue"
            headings={['Line', 'What is queued']}
            lines={good}
            cells={(l) => [<td key="what">{l.input ? describeInput(l.input) : ''}</td>]}
          />
          {bad.length ? (
            <>
              <PreviewTable
                caption="Rows with errors"
                headings={['Line', 'Row', 'What is wrong']}
                lines={bad}
                cells={(l) => [
                  <td key="row">{l.cells.join(', ')}</td>,
                  <ErrorCell key="wrong" text={l.errors.join(' ')} />,
                ]}
              />
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
            <button type="button" className="button button--quiet" disabled={queuing} onClick={() => setLines(null)}>
              Discard the file
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

/** What is wrong with a row, in the error colour: read out with the live summary it sits under ("2 with errors"). */
function ErrorCell({ text }: { text: string }) {
  return <td className="field__error">{text}</td>;
}

/** One of the preview's tables (the rows to queue, the rows with errors): its first rows by line, and how many more. */
function PreviewTable({
  caption,
  headings,
  lines,
  cells,
}: {
  caption: string;
  headings: readonly string[];
  lines: readonly ImportLine[];
  cells(line: ImportLine): ReactNode[];
}) {
  if (lines.length === 0) return null;
  return (
    <>
      <table className="import-errors">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lines.slice(0, SHOWN_PROBLEMS).map((l) => (
            <tr key={l.line}>
              <td>{l.line}</td>
              {cells(l)}
            </tr>
          ))}
        </tbody>
      </table>
      {lines.length > SHOWN_PROBLEMS ? <p className="field__hint">And {lines.length - SHOWN_PROBLEMS} more.</p> : null}
    </>
  );
}

async function* oneOf<T>(piece: T): AsyncIterable<T> {
  yield piece;
}
