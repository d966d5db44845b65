import { useState } from 'react';
import { support } from '../../../platform/support';
import { StatusNote, type Note } from '../../../ui/StatusNote';

/** "Open the log folder" and "Copy diagnostics": main does both (its file manager, its clipboard). */
export function LogActions() {
  const [note, setNote] = useState<Note | null>(null);
  const [copied, setCopied] = useState<string | null>(null);

  const openFolder = async () => {
    const r = await support.openLogFolder();
    if (!r.ok) setNote({ text: r.error.message, error: true });
    // Where there is no file manager to open (the app in a browser window), the folder is named instead.
    else
      setNote({ text: r.value.opened ? `Opened ${r.value.path}.` : `The logs are in ${r.value.path}.`, error: false });
  };

  const copy = async () => {
    const r = await support.copyDiagnostics();
    if (!r.ok) {
      setNote({ text: r.error.message, error: true });
      return;
    }
    setCopied(r.value.text);
    setNote({ text: 'Copied the diagnostics: paste them into your message.', error: false });
  };

  return (
    <div className="help__item">
      <div className="help__actions">
        <button type="button" className="button" onClick={() => void openFolder()}>
          Open the log folder
        </button>
        <button type="button" className="button" onClick={() => void copy()}>
          Copy diagnostics
        </button>
        <StatusNote note={note} />
      </div>
      {copied ? (
        <details className="help__copied">
          <summary>What was copied</summary>
          <pre aria-label="Diagnostics">{copied}</pre>
        </details>
      ) : null}
    </div>
  );
}
