import { useState } from 'react';
import type { Card } from '../../../../shared/service';
import { setStatusOfCards, type BulkOutcome } from '../../cards/commands/bulk-status';

interface Props {
  profileId: string;
  selected: Card[];
  disabledReason: string | undefined;
  onClear(): void;
}

/** Pause or resume the selected cards, with a result per card. */
export function BulkStatusBar({ profileId, selected, disabledReason, onClear }: Props) {
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [outcomes, setOutcomes] = useState<BulkOutcome[] | null>(null);

  const run = async (action: 'pause' | 'resume') => {
    setOutcomes(null);
    setProgress({ done: 0, total: selected.length });
    const result = await setStatusOfCards(profileId, selected, action, (done, total) => setProgress({ done, total }));
    setProgress(null);
    setOutcomes(result);
  };

  if (selected.length === 0 && !outcomes) return null;
  const busy = progress !== null;
  return (
    <div className="bulk-bar" role="region" aria-label="Selected cards">
      <div className="bulk-bar__row">
        <span>{selected.length} selected</span>
        <button
          type="button"
          className="button"
          disabled={busy || !!disabledReason || selected.length === 0}
          onClick={() => void run('pause')}
        >
          Pause selected
        </button>
        <button
          type="button"
          className="button"
          disabled={busy || !!disabledReason || selected.length === 0}
          onClick={() => void run('resume')}
        >
          Resume selected
        </button>
        <button
          type="button"
          className="button button--quiet"
          disabled={busy}
          onClick={() => {
            setOutcomes(null);
            onClear();
          }}
        >
          Clear selection
        </button>
        {disabledReason ? <span className="muted">{disabledReason}</span> : null}
        {progress ? (
          <span role="status">
            Working… {progress.done} of {progress.total}
          </span>
        ) : null}
      </div>
      {outcomes ? (
        <ul className="bulk-bar__results" aria-label="Results per card">
          {outcomes.map((o) => (
            <li key={o.cardId} className={`bulk-result bulk-result--${o.result}`}>
              {/* A card the change failed for is announced; the list item keeps its role. */}
              <span role={o.result === 'failed' ? 'alert' : undefined}>
                {o.name} •••• {o.last4}: {o.message}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
