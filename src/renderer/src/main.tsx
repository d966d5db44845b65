import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Stylesheet files, not inline styles in index.html: the CSP allows only our own files. The shared
// styles come before App, whose screens import their own: in the bundle a screen's rules follow.
import './ui/index.css';
import { App } from './App';
import { startEngines } from './app/engines';
import { logSeenErrors } from './platform/seen-errors';
import { useProfiles } from './stores/profiles';

const container = document.getElementById('root');
if (!container) throw new Error('#root element is missing from index.html');

// The sync and the outbox senders live as long as the window, whatever the screen shows.
startEngines();
// Every error the person is shown reaches main's log, naming the profile on screen.
logSeenErrors(() => useProfiles.getState().activeProfileId);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
