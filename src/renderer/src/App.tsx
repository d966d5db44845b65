import { useEffect } from 'react';
import { NO_BRIDGE_MESSAGE, bridge } from './platform/bridge';
import { Shell } from './features/shell/Shell';
import { WelcomeScreen } from './features/welcome/WelcomeScreen';
import { subscribeAppSettings, useAppSettings } from './stores/app-settings';
import { subscribeConnectivity } from './stores/connectivity';
import { subscribeProfiles, useProfiles } from './stores/profiles';
import { ErrorBanner } from './ui/ErrorBanner';
import { refreshWorkspaces, subscribeWorkspaces } from './team/commands/workspaces-store';

/** Subscribes to main's events before the first load, so no change is missed between them. */
function useMainSync(): void {
  const load = useProfiles((s) => s.load);
  useEffect(() => {
    const offProfiles = subscribeProfiles();
    const offConnectivity = subscribeConnectivity();
    const offSettings = subscribeAppSettings();
    const offWorkspaces = subscribeWorkspaces();
    void load();
    void refreshWorkspaces();
    void useAppSettings.getState().load();
    return () => {
      offProfiles();
      offConnectivity();
      offSettings();
      offWorkspaces();
    };
  }, [load]);
}

export function App() {
  useMainSync();
  const loaded = useProfiles((s) => s.loaded);
  const activeId = useProfiles((s) => s.activeProfileId);
  const error = useProfiles((s) => s.error);
  const dismiss = useProfiles((s) => s.dismissError);

  if (!bridge()) return <p className="fatal">{NO_BRIDGE_MESSAGE}</p>;
  return (
    <>
      <div className="app-errors">
        <ErrorBanner message={error} onDismiss={dismiss} />
      </div>
      {!loaded ? (
        <p className="loading" aria-busy="true">
          Loading…
        </p>
      ) : activeId === null ? (
        <WelcomeScreen />
      ) : (
        <Shell />
      )}
    </>
  );
}
