import { useState, type FormEvent } from 'react';
import { workspaceCalls } from '../../../platform/workspace';
import { StatusNote } from '../../../ui/StatusNote';
import { TextField } from '../../../ui/TextField';
import { refreshDirectory } from '../../../team/commands/directory-store';
import { refreshWorkspaces } from '../../../team/commands/workspaces-store';
import { useWorkspaceCall } from './useWorkspaceCall';

/**
 * Upgrades a workspace whose schema is older than this app, with the database owner's
 * credentials (used for this step only, never kept). Main refuses a workspace newer than the app,
 * with the reason, and asks its own window before the password leaves.
 */
export function UpgradeForm({ workspaceId }: { workspaceId: string }) {
  const { busy, note, run } = useWorkspaceCall();
  const [ownerUser, setOwnerUser] = useState('');
  const [ownerPassword, setOwnerPassword] = useState('');

  const upgrade = async (e: FormEvent) => {
    e.preventDefault();
    const done = await run(
      () => workspaceCalls.upgrade({ workspaceId, ownerUser: ownerUser.trim(), ownerPassword }),
      (v) => `The workspace was upgraded from version ${v.from} to version ${v.to}.`,
    );
    if (!done) return;
    setOwnerPassword('');
    await workspaceCalls.check(workspaceId);
    await Promise.all([refreshWorkspaces(), refreshDirectory(workspaceId)]);
  };

  return (
    <form
      className="form"
      aria-label="Upgrade the workspace"
      onSubmit={(e) => void upgrade(e)}
      noValidate
      aria-busy={busy || undefined}
    >
      <p>
        If the workspace is older than this app, an admin upgrades it with the database owner’s login. Its password is
        used once and not kept.
      </p>
      <TextField
        id={`ws-upgrade-user-${workspaceId}`}
        label="Owner’s database role"
        autoComplete="off"
        value={ownerUser}
        readOnly={busy}
        onChange={(e) => setOwnerUser(e.target.value)}
      />
      <TextField
        id={`ws-upgrade-password-${workspaceId}`}
        label="Owner’s password"
        type="password"
        autoComplete="off"
        value={ownerPassword}
        readOnly={busy}
        onChange={(e) => setOwnerPassword(e.target.value)}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Upgrading…' : 'Upgrade'}
        </button>
      </div>
      <StatusNote note={note} />
    </form>
  );
}
