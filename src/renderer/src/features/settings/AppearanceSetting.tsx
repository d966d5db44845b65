import type { Theme } from '../../../../shared/ipc';
import { useAppSettings } from '../../stores/app-settings';

const CHOICES: { theme: Theme; label: string; hint?: string }[] = [
  {
    theme: 'system',
    label: 'Follow the system',
    hint: 'Light or dark as your computer is set, changing when it does.',
  },
  { theme: 'light', label: 'Light' },
  { theme: 'dark', label: 'Dark' },
];

/** Settings → the theme. main saves it and gives the window its colours before the next start's first paint. */
export function AppearanceSetting() {
  const theme = useAppSettings((s) => s.settings?.theme);
  const change = useAppSettings((s) => s.change);
  return (
    <fieldset className="field settings__choices" disabled={theme === undefined}>
      <legend className="field__label">Theme</legend>
      {CHOICES.map((c) => (
        <div key={c.theme} className="field field--check">
          <input
            id={`theme-${c.theme}`}
            type="radio"
            name="theme"
            checked={theme === c.theme}
            onChange={() => void change({ theme: c.theme })}
            aria-describedby={c.hint ? `theme-${c.theme}-hint` : undefined}
          />
          <label htmlFor={`theme-${c.theme}`}>{c.label}</label>
          {c.hint ? (
            <span id={`theme-${c.theme}-hint`} className="field__hint">
              {c.hint}
            </span>
          ) : null}
        </div>
      ))}
    </fieldset>
  );
}
