import { useId, useState } from 'react';
import type { BundleSummary, OutboxCensus } from '../../../../../shared/ipc';
import { bytes } from '../../../model/format';
import { outboxCensus } from '../../../outbox/repo/outbox-census';
import { support } from '../../../platform/support';
import { useProfiles } from '../../../stores/profiles';
import { ModalDialog } from '../../../ui/ModalDialog';
import { StatusNote, type Note } from '../../../ui/StatusNote';

/**
 * "Save a support bundle": first what would be in it (main lists the files and their sizes, and
 * what is never in them), then main asks where to save and writes the zip. The outbox's counts
 * come from this window (main does not keep the outbox); nothing else does.
 */
export function SupportBundle() {
  const profileIds = useProfiles((s) => s.profiles.map((p) => p.id).join('\n'));
  const [summary, setSummary] = useState<{ parts: BundleSummary; census: OutboxCensus } | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const titleId = useId();

  const prepare = async () => {
    setBusy(true);
    setNote(null);
    const census = await outboxCensus(profileIds ? profileIds.split('\n') : []).catch(() => []);
    const r = await support.bundleSummary(census);
    setBusy(false);
    if (!r.ok) setNote({ text: r.error.message, error: true });
    else setSummary({ parts: r.value, census });
  };

  const save = async () => {
    if (!summary) return;
    setBusy(true);
    const r = await support.saveBundle(summary.census);
    setBusy(false);
    setSummary(null);
    if (!r.ok) setNote({ text: r.error.message, error: true });
    else if (r.value.path === null) setNote({ text: 'Nothing was saved.', error: false });
    else setNote({ text: `Saved the support bundle (${bytes(r.value.bytes)}) as ${r.value.path}.`, error: false });
  };

  return (
    <div className="help__item">
      <p className="field__hint">
        A zip of the recent logs and this computer’s versions and states, to send to whoever supports you. You see what
        is in it before you save it.
      </p>
      <div className="help__actions">
        <button type="button" className="button" onClick={() => void prepare()} disabled={busy} aria-haspopup="dialog">
          Save a support bundle…
        </button>
        <StatusNote note={note} />
      </div>
      <ModalDialog
        open={summary !== null}
        onClose={() => setSummary(null)}
        className="dialog help__dialog"
        name={{ labelledBy: titleId }}
      >
        <h2 id={titleId} className="dialog__title">
          Save a support bundle
        </h2>
        <p>The zip holds these files:</p>
        <table className="help__parts">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">What it holds</th>
              <th scope="col">Size</th>
            </tr>
          </thead>
          <tbody>
            {summary?.parts.parts.map((p) => (
              <tr key={p.name}>
                <td>{p.name}</td>
                <td>{p.what}</td>
                <td className="help__size">{bytes(p.bytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>Never in it:</p>
        <ul aria-label="Never in the bundle">
          {summary?.parts.never.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={() => setSummary(null)} data-initial-focus>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={() => void save()} disabled={busy}>
            Save…
          </button>
        </div>
      </ModalDialog>
    </div>
  );
}
