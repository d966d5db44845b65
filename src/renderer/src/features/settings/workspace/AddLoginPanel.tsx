import { useState } from 'react';
import { clipboard } from '../../../platform/cards';
import { workspaceCalls } from '../../../platform/workspace';
import { Fields, TechValue } from '../../../ui/Fields';
import { StatusNote, type Note } from '../../../ui/StatusNote';
import { useWorkspaceCall } from './useWorkspaceCall';

/**
 * Admins: a database login for a new member. Its password is shown here once, to hand over in
 * person (main keeps no copy: only its verifier reached the server); it leaves the screen with "Done".
 */
export function AddLoginPanel({ workspaceId }: { workspaceId: string }) {
  const { busy, note, run } = useWorkspaceCall();
  const [login, setLogin] = useState<{ dbRole: string; password: string } | null>(null);
  const [copied, setCopied] = useState<Note | null>(null);

  const add = async () => {
    setCopied(null);
    const made = await run(
      () => workspaceCalls.addLogin(workspaceId),
      () => null,
    );
    if (made) setLogin(made);
  };

  const copy = async (password: string) => {
    const r = await clipboard.copySecret(password);
    const clears =
      r.ok && r.value.clearsAfterMs
        ? ` The clipboard clears itself in ${Math.round(r.value.clearsAfterMs / 1000)} seconds.`
        : '';
    setCopied(r.ok ? { text: `Password copied.${clears}`, error: false } : { text: r.error.message, error: true });
  };

  return (
    <section className="settings-ws__part" aria-label="Add a login">
      <h4 className="settings-ws__subtitle">Add a login</h4>
      <p className="field__hint">
        A new member needs a login and its password to join from their desktop. Make one per person and per desktop.
      </p>
      {login ? (
        <div className="settings-ws__secret" role="group" aria-label="The new login">
          <Fields
            fields={[
              ['Database login', <TechValue key="login">{login.dbRole}</TechValue>],
              ['Password', <TechValue key="password">{login.password}</TechValue>],
            ]}
          />
          <p className="field__hint">
            Give both to the new member in person. The password is shown only now: once you choose Done, nobody can show
            it again.
          </p>
          <div className="form__actions">
            <button type="button" className="button" onClick={() => void copy(login.password)}>
              Copy the password
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setLogin(null);
                setCopied(null);
              }}
            >
              Done
            </button>
          </div>
          <StatusNote note={copied} />
        </div>
      ) : (
        <button type="button" className="button" disabled={busy} onClick={() => void add()}>
          {busy ? 'Making a login…' : 'Add a login'}
        </button>
      )}
      <StatusNote note={note} />
    </section>
  );
}
