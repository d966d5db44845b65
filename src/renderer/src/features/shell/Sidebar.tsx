import { useOutboxCounts, useQueuedByKind } from '../../outbox/repo/outbox-hooks';
import { useNavigation } from '../../stores/navigation';
import { useProfiles } from '../../stores/profiles';
import { SECTIONS } from '../../model/sections';
import { ariaShortcut, formatShortcut } from '../../model/shortcuts';
import { useBoundShortcuts } from '../../stores/action-registry';
import { useAppInfo } from '../../stores/app-info';

/** Section navigation: buttons in a nav landmark, so Tab reaches them and Enter/Space opens one. */
export function Sidebar() {
  const section = useNavigation((s) => s.section);
  const go = useNavigation((s) => s.go);
  const profileId = useProfiles((s) => s.activeProfileId);
  const counts = useOutboxCounts(profileId);
  const queued = useQueuedByKind(profileId);
  const mac = useAppInfo((s) => s.mac);
  // The hints are the key handler's own bindings (the shell's "Go to" actions), not a second list.
  const shortcuts = useBoundShortcuts();
  const badge: Partial<Record<string, { n: number; label: string }>> = {
    approvals: { n: (counts['awaiting-approval'] ?? 0) + (counts['needs-review'] ?? 0), label: 'waiting for you' },
    transfers: { n: queued.transfer ?? 0, label: 'transfers approved, to send' },
    payments: { n: queued.payment ?? 0, label: 'payments approved, to send' },
  };
  return (
    <nav className="sidebar" aria-label="Sections">
      <div className="sidebar__brand" aria-hidden="true">
        Treasury
      </div>
      <ul className="sidebar__list">
        {SECTIONS.map((s) => {
          const shortcut = shortcuts.get(`go:${s.id}`);
          return (
            <li key={s.id}>
              <button
                type="button"
                className="sidebar__item"
                aria-current={s.id === section ? 'page' : undefined}
                aria-keyshortcuts={shortcut ? ariaShortcut(shortcut, mac) : undefined}
                onClick={() => go(s.id)}
              >
                <span>{s.label}</span>
                {badge[s.id]?.n ? (
                  <span className="sidebar__badge" aria-label={`${badge[s.id]?.n} ${badge[s.id]?.label}`}>
                    {badge[s.id]?.n}
                  </span>
                ) : null}
                {shortcut ? (
                  <kbd className="kbd" aria-hidden="true">
                    {formatShortcut(shortcut, mac)}
                  </kbd>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
