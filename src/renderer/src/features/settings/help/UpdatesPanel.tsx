import { useId } from 'react';
import type { UpdateState, UpdateStatus } from '../../../../../shared/ipc';
import { useUpdates } from './useUpdates';
import './updates.css';

const when = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What changed in a version, as its feed says; release notes are shown as text, never as markup. */
function WhatChanged({ notes }: { notes: string }) {
  if (!notes.trim()) return null;
  return (
    <div className="updates__notes">
      <p className="field__label">What changed</p>
      <p className="updates__notes-text">{notes}</p>
    </div>
  );
}

function statusLine(status: UpdateStatus): string {
  switch (status.kind) {
    case 'none':
      return 'This is the latest version.';
    case 'checking':
      return 'Looking for an update…';
    case 'available':
      return `Downloading version ${status.version}…`;
    case 'downloaded':
      return status.wayBack
        ? `Your company has moved this app back to version ${status.version}. It is downloaded and checked.`
        : `Version ${status.version} is downloaded and checked. It is installed when you restart.`;
    case 'waiting':
      return `Restarting to install version ${status.version} once this is done: ${status.waitingFor.join('; ')}. The app does not restart in the middle of it.`;
    case 'restarting':
      return `Restarting to install version ${status.version}…`;
    case 'refused':
      return `An update${status.version ? ` (version ${status.version})` : ''} was not offered: ${status.reason}`;
    case 'error':
      return status.message;
  }
}

function AppUpdates({ state, check, restart }: { state: UpdateState; check(): void; restart(): void }) {
  const { status } = state;
  const working = status.kind === 'checking' || status.kind === 'available' || status.kind === 'restarting';
  return (
    <>
      <p className="panel__intro">
        Treasury Desktop {state.version}.{' '}
        {state.lastChecked === null ? 'Not checked for updates yet.' : `Last checked ${when(state.lastChecked)}.`} The
        app looks for updates when it starts and once a day, and never restarts without you.
      </p>
      <p
        className={status.kind === 'refused' || status.kind === 'error' ? 'form__error' : 'form__saved'}
        role={status.kind === 'refused' || status.kind === 'error' ? 'alert' : 'status'}
      >
        {statusLine(status)}
      </p>
      {status.kind === 'downloaded' || status.kind === 'waiting' ? <WhatChanged notes={status.notes} /> : null}
      <div className="form__actions">
        {status.kind === 'downloaded' ? (
          <button type="button" className="button" onClick={restart}>
            Restart to update
          </button>
        ) : null}
        {status.kind !== 'downloaded' && status.kind !== 'waiting' ? (
          <button type="button" className="button button--quiet" onClick={check} disabled={working}>
            Check for updates
          </button>
        ) : null}
      </div>
    </>
  );
}

/** Settings → Help → Updates: the version, what the feed offers, and "Restart to update" when the person chooses. */
function UpdatesBody() {
  const { state, error, check, restart } = useUpdates();
  if (error)
    return (
      <p className="form__error" role="alert">
        {error}
      </p>
    );
  if (!state) return <p className="panel__intro">Reading the version…</p>;
  if (state.mode === 'installer')
    return (
      <p className="panel__intro">
        Treasury Desktop {state.version}. In this window updates come from the installer: install a newer version over
        this one, and your data stays as it is.
      </p>
    );
  return <AppUpdates state={state} check={() => void check()} restart={() => void restart()} />;
}

/** Updates, a region of its own inside Settings → Help: the version running and when the next one installs. */
export function UpdatesPanel() {
  const titleId = useId();
  return (
    <section className="updates" aria-labelledby={titleId}>
      <h3 id={titleId} className="updates__title">
        Updates
      </h3>
      <UpdatesBody />
    </section>
  );
}
