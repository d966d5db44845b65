import { useNavigation } from '../../stores/navigation';
import { SECTIONS } from './sections';

/** Section navigation: buttons in a nav landmark, so Tab reaches them and Enter/Space opens one. */
export function Sidebar() {
  const section = useNavigation((s) => s.section);
  const go = useNavigation((s) => s.go);
  return (
    <nav className="sidebar" aria-label="Sections">
      <div className="sidebar__brand" aria-hidden="true">
        Treasury
      </div>
      <ul className="sidebar__list">
        {SECTIONS.map((s) => (
          <li key={s.id}>
            <button
              type="button"
              className="sidebar__item"
              aria-current={s.id === section ? 'page' : undefined}
              aria-keyshortcuts={`Control+${s.key}`}
              onClick={() => go(s.id)}
            >
              <span>{s.label}</span>
              <kbd className="sidebar__kbd" aria-hidden="true">
                {s.key}
              </kbd>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
