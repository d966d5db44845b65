import { useState } from 'react';
import type { ProfileView } from '../../../../shared/ipc';
import { useProfiles } from '../../stores/profiles';
import { AddProfileForm } from '../../parts/profiles/AddProfileForm';
import { RecoveredNotice } from '../../parts/profiles/RecoveredNotice';
import './welcome.css';

/** First run: one click into the Demo, or the live-account form. */
export function WelcomeScreen() {
  const [connecting, setConnecting] = useState(false);
  return (
    <main className="welcome" id="main">
      <div className="welcome__card">
        {connecting ? (
          <ConnectLive onBack={() => setConnecting(false)} />
        ) : (
          <Choose onConnect={() => setConnecting(true)} />
        )}
      </div>
    </main>
  );
}

function Choose({ onConnect }: { onConnect(): void }) {
  const select = useProfiles((s) => s.select);
  const switching = useProfiles((s) => s.switching);
  return (
    <>
      {/* A damaged settings file also lands here (no profiles): say why rather than look like a first run. */}
      <RecoveredNotice />
      <h1 className="welcome__title">Welcome to Treasury Desktop</h1>
      <p className="welcome__lead">
        Cards, accounts, transfers and payments of your company, on your desktop, even offline. Try it first with sample
        data: the Demo runs a simulated service on this computer and needs no account.
      </p>
      <div className="welcome__actions">
        <button
          type="button"
          className="button button--primary button--large"
          onClick={() => void select('demo')}
          disabled={switching}
        >
          {switching ? 'Starting the Demo…' : 'Try the Demo'}
        </button>
        <button type="button" className="button button--large" onClick={onConnect}>
          Connect a live account
        </button>
      </div>
    </>
  );
}

function ConnectLive({ onBack }: { onBack(): void }) {
  const select = useProfiles((s) => s.select);
  // Saving does not necessarily make the profile active; on first run it should be.
  const onSaved = (p: ProfileView) => {
    if (useProfiles.getState().activeProfileId !== p.id) void select(p.id);
  };
  return (
    <>
      <h1 className="welcome__title">Connect a live account</h1>
      <AddProfileForm onSaved={onSaved} />
      <button type="button" className="button button--quiet welcome__back" onClick={onBack}>
        ← Back
      </button>
    </>
  );
}
