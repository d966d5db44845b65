import { useRef, useState } from 'react';
import { exportCsv, type ExportOutcome } from '../../app/export-transactions';
import { ExportOutcomeNote } from '../../ui/ExportOutcomeNote';
import { count as fmt } from '../../model/format';
import { useScreenActions } from '../../stores/action-registry';

interface Props {
  profileId: string;
  queryId: number | null;
  count: number;
}

/** "Export CSV" of the current result, with progress, Cancel, and where the file went. */
export function ExportButton({ profileId, queryId, count }: Props) {
  const [done, setDone] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<ExportOutcome | null>(null);
  const controller = useRef<AbortController | null>(null);
  const running = done !== null;

  const start = async () => {
    if (queryId === null) return;
    controller.current = new AbortController();
    setOutcome(null);
    setDone(0);
    const r = await exportCsv(profileId, queryId, count, setDone, controller.current.signal);
    setDone(null);
    setOutcome(r);
  };

  const unavailable = running
    ? 'An export is running'
    : queryId === null
      ? 'The search is not ready yet'
      : count === 0
        ? 'No transactions to export'
        : undefined;
  useScreenActions([
    {
      id: 'transactions:export',
      title: `Export these transactions (CSV, ${fmt(count)})`,
      group: 'This screen',
      keywords: ['download', 'save', 'spreadsheet'],
      ...(unavailable ? { unavailable } : {}),
      run: start,
    },
  ]);

  return (
    <div className="export">
      {running ? (
        <>
          <span aria-live="polite">
            Exporting {fmt(done ?? 0)} of {fmt(count)}…
          </span>
          <progress max={Math.max(1, count)} value={done ?? 0} aria-label="Export progress" />
          <button type="button" className="button button--quiet" onClick={() => controller.current?.abort()}>
            Cancel export
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => void start()}
          disabled={queryId === null || count === 0}
        >
          Export CSV
        </button>
      )}
      <ExportOutcomeNote outcome={outcome} />
    </div>
  );
}
