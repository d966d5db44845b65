import { useEffect, useId, useState } from 'react';
import type { WorkspaceSummary } from '../../../../../shared/ipc';
import { workspaceCalls } from '../../../platform/workspace';
import { useScreenActions } from '../../../stores/action-registry';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Fields, TechnicalDetails, TechValue } from '../../../ui/Fields';
import { StatusNote } from '../../../ui/StatusNote';
import { forgetDirectory, refreshDirectory, useWorkspaceDirectory } from '../../../team/commands/directory-store';
import { connectivityWords, ROLE_WORDS, workspaceFailureWords } from '../../../team/model/workspace-words';
import { refreshWorkspaces } from '../../../team/commands/workspaces-store';
import { AddLoginPanel } from './AddLoginPanel';
import { AuditPanel } from './AuditPanel';
import { DirectoryHealth } from './DirectoryHealth';
import { MembersPanel } from './MembersPanel';
import { PolicyPanel } from './PolicyPanel';
import { UpgradeForm } from './UpgradeForm';
import { useWorkspaceCall } from './useWorkspaceCall';

function Fingerprint({ value, testId }: { value: string; testId: string }) {
  return (
    <span className="settings-ws__fingerprint" data-testid={testId}>
      {value}
    </span>
  );
}

/** A workspace this desktop belongs to: who I am in it, its connection, and what its admins manage. */
export function WorkspaceDetails({ workspace }: { workspace: WorkspaceSummary }) {
  const titleId = useId();
  const directory = useWorkspaceDirectory(workspace.id);
  const check = useWorkspaceCall();
  const leave = useWorkspaceCall();
  const [leaving, setLeaving] = useState(false);
  const me = workspace.me.member;
  const isAdmin = me?.role === 'admin' && me.status === 'active';

  useEffect(() => {
    void refreshDirectory(workspace.id);
  }, [workspace.id]);

  const checkNow = async () => {
    const c = await check.run(
      () => workspaceCalls.check(workspace.id),
      (c) => connectivityWords(c),
    );
    if (c) await Promise.all([refreshWorkspaces(), refreshDirectory(workspace.id)]);
  };

  const leaveNow = async () => {
    setLeaving(false);
    const left = await leave.run(
      () => workspaceCalls.leave(workspace.id),
      () => null,
    );
    if (!left) return;
    forgetDirectory(workspace.id);
    await refreshWorkspaces();
  };

  useScreenActions([
    {
      id: `workspace:check:${workspace.id}`,
      title: `Check the connection to the team workspace “${workspace.name}”`,
      group: 'This screen',
      keywords: ['team', 'workspace', 'postgres'],
      run: () => void checkNow(),
    },
    {
      id: `workspace:leave:${workspace.id}`,
      title: `Leave the team workspace “${workspace.name}”…`,
      group: 'This screen',
      keywords: ['team', 'workspace'],
      run: () => setLeaving(true),
    },
  ]);

  const view = directory.view;
  const versionProblem = directory.error?.workspace?.kind === 'version';
  return (
    <section className="settings-ws" aria-labelledby={titleId}>
      <h3 id={titleId} className="settings-data__name">
        {workspace.name}
      </h3>
      <Fields
        fields={[
          [
            'Connection',
            <span key="c" data-testid="workspace-connectivity">
              {connectivityWords(workspace.connectivity)}
            </span>,
          ],
          ['Your key fingerprint', <Fingerprint key="mine" testId="my-fingerprint" value={workspace.me.fingerprint} />],
          [
            'Admin key fingerprint',
            <Fingerprint key="admin" testId="admin-fingerprint" value={workspace.adminFingerprint} />,
          ],
          [
            'You',
            me ? (
              me.status === 'removed' ? (
                `${me.name}, removed from the workspace: your approvals no longer count.`
              ) : (
                `${me.name}, ${ROLE_WORDS[me.role].toLowerCase()}`
              )
            ) : (
              <span key="w" data-testid="workspace-waiting">
                Waiting for an admin to register this desktop. Read them your key fingerprint above; they compare it
                with the one on their screen.
              </span>
            ),
          ],
        ]}
      />
      <TechnicalDetails
        fields={[
          ['Workspace id', <TechValue key="id">{workspace.id}</TechValue>],
          ['Database', <TechValue key="address">{workspace.address}</TechValue>],
          ['Database login', <TechValue key="login">{workspace.dbRole}</TechValue>],
        ]}
      />
      <div className="form__actions">
        <button type="button" className="button" disabled={check.busy} onClick={() => void checkNow()}>
          {check.busy ? 'Checking…' : 'Check the connection'}
        </button>
        <button
          type="button"
          className="button button--quiet"
          aria-haspopup="dialog"
          disabled={leave.busy}
          onClick={() => setLeaving(true)}
        >
          Leave this workspace…
        </button>
      </div>
      <StatusNote note={check.note ?? leave.note} />

      {directory.error ? (
        <p className="form__error" role="alert">
          {workspaceFailureWords(directory.error)}
        </p>
      ) : null}
      {versionProblem ? <UpgradeForm workspaceId={workspace.id} /> : null}
      {!view && !directory.error ? (
        <p className="muted" aria-busy="true">
          Reading the member directory…
        </p>
      ) : null}
      {view ? (
        <>
          <DirectoryHealth view={view} />
          <MembersPanel workspace={workspace} members={view.members} requests={view.joinRequests} isAdmin={isAdmin} />
          {isAdmin ? <AddLoginPanel workspaceId={workspace.id} /> : null}
          <PolicyPanel workspaceId={workspace.id} policies={view.policies} isAdmin={isAdmin} />
        </>
      ) : null}
      {me ? <AuditPanel workspaceId={workspace.id} /> : null}

      <ConfirmDialog
        open={leaving}
        title={`Leave “${workspace.name}”?`}
        confirmLabel="Leave"
        onConfirm={() => void leaveNow()}
        onCancel={() => setLeaving(false)}
      >
        {`This desktop forgets the workspace: its password and signing key leave this computer’s keychain, and team rows no longer reach it. To come back, an admin gives you a new login and registers your new key.`}
      </ConfirmDialog>
    </section>
  );
}
