import { useState } from 'react';
import type { JoinRequestView, MemberView, WorkspaceSummary } from '../../../../../shared/ipc';
import { MEMBER_ROLES, type MemberRole } from '../../../../../shared/team/model';
import { workspaceCalls } from '../../../platform/workspace';
import { DataTable } from '../../../ui/DataTable';
import { SelectField } from '../../../ui/SelectField';
import { StatusNote } from '../../../ui/StatusNote';
import type { TableColumn } from '../../../ui/table-column';
import { dateTime } from '../../../model/format';
import { refreshDirectory } from '../../../team/commands/directory-store';
import { isMemberRole } from '../../../team/model/policy-form';
import { ROLE_HINT, ROLE_WORDS, roleWithArticle } from '../../../team/model/workspace-words';
import { refreshWorkspaces } from '../../../team/commands/workspaces-store';
import { useWorkspaceCall } from './useWorkspaceCall';

const ROLE_OPTIONS = MEMBER_ROLES.map((r) => ({ value: r, label: ROLE_WORDS[r] }));

interface Props {
  workspace: WorkspaceSummary;
  members: readonly MemberView[];
  requests: readonly JoinRequestView[];
  isAdmin: boolean;
}

/**
 * The members (name, role, key fingerprint) and, for admins, each one's role or removal and the
 * requests to join with "Register". Every change is signed in main after its own window showed
 * what is signed (a requester's fingerprint, to compare with the one on their screen).
 */
export function MembersPanel({ workspace, members, requests, isAdmin }: Props) {
  const { busy, note, run } = useWorkspaceCall();
  const [roleFor, setRoleFor] = useState<Record<string, MemberRole>>({});
  const meId = workspace.me.member?.id;
  const changed = async () => {
    await refreshDirectory(workspace.id);
    await refreshWorkspaces();
  };

  const setRole = async (m: MemberView, role: MemberRole | 'removed') => {
    const done = await run(
      () => workspaceCalls.setRole({ workspaceId: workspace.id, memberId: m.id, role }),
      (v) =>
        role === 'removed'
          ? `${v.name} was removed: their approvals no longer count.`
          : `${v.name} is now ${roleWithArticle(v.role)}.`,
    );
    if (done) await changed();
  };

  const register = async (r: JoinRequestView) => {
    const role = roleFor[r.dbRole] ?? 'approver';
    const done = await run(
      () => workspaceCalls.register({ workspaceId: workspace.id, dbRole: r.dbRole, role }),
      (v) => `${v.name} is registered as ${roleWithArticle(v.role)}.`,
    );
    if (done) await changed();
  };

  const memberColumns: TableColumn<MemberView>[] = [
    {
      id: 'name',
      header: 'Name',
      minWidth: 140,
      priority: 1,
      rowHeader: true,
      cell: (m) => (m.id === meId ? `${m.name} (you)` : m.name),
      sortValue: (m) => m.name,
    },
    {
      id: 'role',
      header: 'Role',
      minWidth: 150,
      priority: 1,
      cell: (m) =>
        m.status === 'removed' ? (
          'Removed'
        ) : isAdmin && m.id !== meId ? (
          <SelectField
            label={`Role of ${m.name}`}
            inline
            className="settings-ws__role"
            value={m.role}
            options={ROLE_OPTIONS}
            disabled={busy}
            onChange={(v) => isMemberRole(v) && v !== m.role && void setRole(m, v)}
          />
        ) : (
          ROLE_WORDS[m.role]
        ),
    },
    {
      id: 'fingerprint',
      header: 'Key fingerprint',
      minWidth: 260,
      priority: 2,
      cell: (m) => <span className="settings-ws__fingerprint">{m.fingerprint}</span>,
    },
    ...(isAdmin
      ? [
          {
            id: 'remove',
            header: 'Remove',
            hiddenHeader: true,
            minWidth: 90,
            priority: 1,
            cell: (m: MemberView) =>
              m.status === 'active' && m.id !== meId ? (
                <button
                  type="button"
                  className="button button--quiet"
                  disabled={busy}
                  onClick={() => void setRole(m, 'removed')}
                >
                  Remove {m.name}
                </button>
              ) : null,
          },
        ]
      : []),
  ];

  const open = requests.filter((r) => !r.registered);
  const requestColumns: TableColumn<JoinRequestView>[] = [
    { id: 'name', header: 'Name', minWidth: 140, priority: 1, rowHeader: true, cell: (r) => r.name },
    { id: 'at', header: 'Asked', minWidth: 140, priority: 3, cell: (r) => dateTime(r.at) },
    {
      id: 'fingerprint',
      header: 'Their key fingerprint',
      minWidth: 260,
      priority: 1,
      cell: (r) => <span className="settings-ws__fingerprint">{r.fingerprint}</span>,
    },
    {
      id: 'register',
      header: 'Register',
      minWidth: 240,
      priority: 1,
      cell: (r) =>
        r.problem ? (
          <span className="field__error" role="alert">
            {r.problem}
          </span>
        ) : (
          <span className="settings-ws__register">
            <SelectField
              label={`Role for ${r.name}`}
              inline
              value={roleFor[r.dbRole] ?? 'approver'}
              options={ROLE_OPTIONS}
              disabled={busy}
              onChange={(v) => isMemberRole(v) && setRoleFor((s) => ({ ...s, [r.dbRole]: v }))}
            />
            <button type="button" className="button" disabled={busy} onClick={() => void register(r)}>
              Register {r.name}…
            </button>
          </span>
        ),
    },
  ];

  return (
    <>
      <h4 className="settings-ws__subtitle">Members</h4>
      <DataTable
        columns={memberColumns}
        rows={members}
        rowKey={(m) => m.id}
        label="Members"
        compact
        empty="No member yet."
      />
      {isAdmin ? (
        <p className="field__hint">
          {ROLE_HINT} Removing someone stops their approvals counting at once, on rows not sent yet too.
        </p>
      ) : null}
      {isAdmin || open.length > 0 ? (
        <>
          <h4 className="settings-ws__subtitle">Requests to join</h4>
          <DataTable
            columns={requestColumns}
            rows={open}
            rowKey={(r) => r.dbRole}
            label="Requests to join"
            compact
            empty="No one is waiting to be registered."
          />
          {isAdmin && open.length > 0 ? (
            <p className="field__hint">
              Before you register someone, compare every group of their key fingerprint with the one on their screen, in
              person or by phone.
            </p>
          ) : null}
        </>
      ) : null}
      <StatusNote note={note} />
    </>
  );
}
