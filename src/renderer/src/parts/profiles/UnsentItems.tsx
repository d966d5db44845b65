import { useState } from 'react';
import { dateTime, money, count } from '../../model/format';
import type { ExportOutcome } from '../../model/export-outcome';
import { discardUnsent } from '../../outbox/commands/discard-unsent';
import { exportUnsent } from '../../outbox/commands/export-unsent';
import { statesInWords, unsentInWords, type UnsentSummary } from '../../outbox/model/unsent';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ExportOutcomeNote } from '../../ui/ExportOutcomeNote';

const items = (n: number) => `${count(n)} item${n === 1 ? '' : 's'}`;

/**
 * A profile's unsent transfers, payments and notes, where Settings protects them (clearing the
 * cache, removing the profile): how many and their total, and the two ways to handle them here,
 * an export of every one to a CSV file, or a deliberate discard (asked in the app's dialog,
 * naming how many and their total). Sending them is done where they are queued.
 */
export function UnsentItems({
  profileId,
  summary,
  exportedAt,
}: {
  profileId: string;
  summary: UnsentSummary;
  exportedAt: number | null;
}) {
  const [outcome, setOutcome] = useState<ExportOutcome | null>(null);
  const [asking, setAsking] = useState(false);
  const [discarded, setDiscarded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const discard = async () => {
    setAsking(false);
    setBusy(true);
    try {
      const rows = await discardUnsent(profileId);
      setDiscarded(`Discarded ${items(rows.length)}; the outbox’s audit log keeps the record.`);
    } catch (error) {
      setDiscarded(`Nothing was discarded: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="unsent" aria-label="Unsent items" role="group">
      <p className="unsent__summary">{unsentInWords(summary)}.</p>
      {summary.exported > 0 ? (
        <p className="field__hint">
          {items(summary.exported)} exported
          {exportedAt !== null ? ` on ${dateTime(new Date(exportedAt).toISOString())}` : ''} and unchanged since.
        </p>
      ) : null}
      {summary.sending > 0 ? (
        <p className="field__hint">
          {items(summary.sending)} being sent right now: only the service’s answer settles{' '}
          {summary.sending === 1 ? 'it' : 'them'}.
        </p>
      ) : null}
      {summary.rows > 0 ? (
        <div className="form__actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={async () => {
              setOutcome(null);
              setOutcome(await exportUnsent(profileId));
            }}
          >
            Export unsent items (CSV)
          </button>
          {summary.discardable > 0 ? (
            <button
              type="button"
              className="button button--quiet button--danger-text"
              disabled={busy}
              onClick={() => setAsking(true)}
              aria-haspopup="dialog"
            >
              Discard…
            </button>
          ) : null}
        </div>
      ) : null}
      <ExportOutcomeNote outcome={outcome} rowsName="unsent items" />
      {discarded ? (
        <p className="field__hint" aria-live="polite">
          {discarded}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={`Discard ${items(summary.discardable)}?`}
        confirmLabel={`Discard ${items(summary.discardable)}`}
        onConfirm={() => void discard()}
        onCancel={() => setAsking(false)}
      >
        {[
          `${items(summary.discardable)} totalling ${money(summary.discardableCents)} (${statesInWords({ ...summary.byState, sending: 0 })}) will be canceled and never sent.`,
          summary.byState['needs-review']
            ? 'Items that need review may already have gone through: check the service first.'
            : '',
          summary.sending > 0
            ? `${items(summary.sending)} being sent ${summary.sending === 1 ? 'is' : 'are'} not discarded.`
            : '',
          'The outbox’s audit log keeps a line for each.',
        ]
          .filter(Boolean)
          .join(' ')}
      </ConfirmDialog>
    </div>
  );
}
