import { useState } from 'react';
import type { ProfileView } from '../../../../shared/ipc';
import { displayAddress } from '../../../../shared/service-url';
import { useProfiles } from '../../stores/profiles';
import { RemoveProfileDialog } from './DataActionDialogs';
import { Url } from '../../ui/Url';
import { EditProfileDialog } from './EditProfileDialog';
import { KeyOwner } from './KeyOwner';
import { keyStorageLabel } from './keyStorage';
import { SetKeyDialog } from './SetKeyDialog';
import './profiles.css';

/**
 * The service's address, wrapping at its separators. The Demo's is a port on this machine that
 * changes every start: a person needs to know only that it runs inside the app.
 */
function Address({ p }: { p: ProfileView }) {
  if (p.kind === 'demo')
    return <>{p.baseUrl ? 'Inside the app, on this computer' : 'Started on this computer when used'}</>;
  return <Url href={displayAddress(p.baseUrl)} />;
}

/** A live profile without a key fails every call; say so where the person looks for it. */
function KeyCell({ p }: { p: ProfileView }) {
  if (p.kind === 'live' && !p.hasKey) {
    return (
      <span className="key-warning">
        <span aria-hidden="true">⚠ </span>No API key: this profile cannot connect
      </span>
    );
  }
  return <>{keyStorageLabel(p)}</>;
}

/**
 * Every profile with where its key is kept. Live ones can be edited, given a (new) key, and
 * removed (with their key and data on this computer, once nothing unsent is left); the Demo is
 * built in and has none of these.
 */
export function ProfileList() {
  const profiles = useProfiles((s) => s.profiles);
  const activeId = useProfiles((s) => s.activeProfileId);
  const select = useProfiles((s) => s.select);
  const [removing, setRemoving] = useState<ProfileView | null>(null);
  const [editing, setEditing] = useState<ProfileView | null>(null);
  const [keying, setKeying] = useState<ProfileView | null>(null);
  const [done, setDone] = useState<string | null>(null);

  return (
    <>
      <table className="table profiles">
        <caption className="visually-hidden">Profiles</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Service address</th>
            <th scope="col">Key stored in</th>
            <th scope="col">Legal entity</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {profiles.map((p) => (
            <tr key={p.id}>
              {/* The kind under the name rather than in a column of its own: the table fits a 1280-pixel window. */}
              <th scope="row" className="profiles__name">
                {p.name}
                {p.id === activeId ? <span className="badge">In use</span> : null}
                <span className="profiles__kind">{p.kind === 'demo' ? 'Demo, sample data' : 'Live'}</span>
              </th>
              <td>
                <Address p={p} />
              </td>
              <td>
                <KeyCell p={p} />
              </td>
              <td>
                <KeyOwner profileId={p.id} short />
              </td>
              <td className="table__actions">
                {p.id !== activeId ? (
                  <button
                    type="button"
                    className="button button--quiet"
                    onClick={() => void select(p.id)}
                    aria-label={`Use ${p.name}`}
                  >
                    Use
                  </button>
                ) : null}
                {p.kind === 'live' ? (
                  <>
                    <button
                      type="button"
                      className="button button--quiet"
                      onClick={() => {
                        setDone(null);
                        setEditing(p);
                      }}
                      aria-label={`Edit ${p.name}`}
                      aria-haspopup="dialog"
                    >
                      Edit…
                    </button>
                    <button
                      type="button"
                      className={`button ${p.hasKey ? 'button--quiet' : 'button--warn'}`}
                      onClick={() => {
                        setDone(null);
                        setKeying(p);
                      }}
                      aria-label={`${p.hasKey ? 'Replace key' : 'Set key'} for ${p.name}`}
                      aria-haspopup="dialog"
                    >
                      {p.hasKey ? 'Replace key…' : 'Set key…'}
                    </button>
                    <button
                      type="button"
                      className="button button--quiet button--danger-text"
                      onClick={() => {
                        setDone(null);
                        setRemoving(p);
                      }}
                      aria-label={`Remove ${p.name}`}
                      aria-haspopup="dialog"
                    >
                      Remove…
                    </button>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="form__saved profiles__done" aria-live="polite">
        {done}
      </p>
      <RemoveProfileDialog
        profile={removing}
        onClose={() => setRemoving(null)}
        onDone={(message) => {
          setRemoving(null);
          setDone(message);
        }}
      />
      <EditProfileDialog
        profile={editing}
        onClose={() => setEditing(null)}
        onDone={(message) => {
          setEditing(null);
          setDone(message);
        }}
      />
      <SetKeyDialog
        profile={keying}
        onClose={() => setKeying(null)}
        onDone={(message) => {
          setKeying(null);
          setDone(message);
        }}
      />
    </>
  );
}
