import { useState } from 'react';
import { useScreenActions } from '../../../stores/action-registry';
import { useWorkspaces, refreshWorkspaces } from '../../../team/commands/workspaces-store';
import { ConnectForm, type ConnectKind } from './ConnectForm';
import { WorkspaceDetails } from './WorkspaceDetails';
import './workspace.css';

/** None yet: what a workspace is for, and the forms to create or join one (both stay filled while hidden). */
function NoWorkspace() {
  const [open, setOpen] = useState<ConnectKind | null>(null);
  const show = (kind: ConnectKind) => {
    setOpen(kind);
    // After React shows the form: its first field, so typing starts there.
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLInputElement>(
          `form[aria-label="${kind === 'create' ? 'Create a workspace' : 'Join a workspace'}"] input`,
        )
        ?.focus(),
    );
  };
  useScreenActions([
    {
      id: 'workspace:create',
      title: 'Create a team workspace',
      group: 'This screen',
      keywords: ['team', 'approvals', 'postgres'],
      run: () => show('create'),
    },
    {
      id: 'workspace:join',
      title: 'Join a team workspace',
      group: 'This screen',
      keywords: ['team', 'approvals', 'postgres'],
      run: () => show('join'),
    },
  ]);
  return (
    <>
      <p>
        Working alone needs nothing here; a team workspace lets several people’s desktops share one queue, with
        approvals by other people under your policies.
      </p>
      <div className="form__actions">
        <button
          type="button"
          className="button"
          aria-expanded={open === 'create'}
          onClick={() => setOpen(open === 'create' ? null : 'create')}
        >
          Create a workspace
        </button>
        <button
          type="button"
          className="button"
          aria-expanded={open === 'join'}
          onClick={() => setOpen(open === 'join' ? null : 'join')}
        >
          Join a workspace
        </button>
      </div>
      <ConnectForm kind="create" hidden={open !== 'create'} />
      <ConnectForm kind="join" hidden={open !== 'join'} />
    </>
  );
}

/** Settings → Team workspace: none yet (create or join), or each workspace this desktop belongs to. */
export function TeamWorkspaceSection() {
  const { list, loaded, error } = useWorkspaces();
  if (!loaded) {
    return (
      <p className="muted" aria-busy="true">
        Reading the team workspace…
      </p>
    );
  }
  return (
    <>
      {error ? (
        <div className="form__actions">
          <p className="form__error" role="alert">
            {error}
          </p>
          <button type="button" className="button" onClick={() => void refreshWorkspaces()}>
            Try again
          </button>
        </div>
      ) : null}
      {list.length === 0 ? (
        error ? null : (
          <NoWorkspace />
        )
      ) : (
        list.map((w) => <WorkspaceDetails key={w.id} workspace={w} />)
      )}
    </>
  );
}
