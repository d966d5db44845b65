import { useState } from 'react';
import type { ProfileView } from '../../../../shared/ipc';
import { useProfiles } from '../../stores/profiles';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { keyStorageLabel } from './keyStorage';

function address(p: ProfileView): string {
  if (p.kind === 'demo') return p.baseUrl ? `${p.baseUrl} (on this computer)` : 'Started on this computer when used';
  return p.baseUrl;
}

/** Every profile with where its key is kept; live ones can be deleted after a confirmation. */
export function ProfileList() {
  const profiles = useProfiles((s) => s.profiles);
  const activeId = useProfiles((s) => s.activeProfileId);
  const remove = useProfiles((s) => s.remove);
  const select = useProfiles((s) => s.select);
  const [deleting, setDeleting] = useState<ProfileView | null>(null);

  const confirm = () => {
    const p = deleting;
    setDeleting(null);
    if (p) void remove(p.id);
  };

  return (
    <>
      <table className="table">
        <caption className="visually-hidden">Profiles</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">Service address</th>
            <th scope="col">Key stored in</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {profiles.map((p) => (
            <tr key={p.id}>
              <th scope="row">
                {p.name}
                {p.id === activeId ? <span className="badge">In use</span> : null}
              </th>
              <td>{p.kind === 'demo' ? 'Demo' : 'Live'}</td>
              <td className="table__url">{address(p)}</td>
              <td>{keyStorageLabel(p)}</td>
              <td className="table__actions">
                {p.id !== activeId ? (
                  <button type="button" className="button button--quiet" onClick={() => void select(p.id)} aria-label={`Use ${p.name}`}>
                    Use
                  </button>
                ) : null}
                {p.kind === 'live' ? (
                  <button type="button" className="button button--quiet button--danger-text" onClick={() => setDeleting(p)} aria-label={`Delete ${p.name}`}>
                    Delete
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? ''}”?`}
        confirmLabel="Delete profile"
        onConfirm={confirm}
        onCancel={() => setDeleting(null)}
      >
        The profile and its saved API key are removed from this computer. Data already on the service is not affected.
      </ConfirmDialog>
    </>
  );
}
