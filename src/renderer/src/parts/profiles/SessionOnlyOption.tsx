import type { KeychainStatus } from '../../../../shared/ipc';

interface Props {
  /** Distinct per form: the add form and the key dialog can be on the page together. */
  id?: string;
  checked: boolean;
  keychain: KeychainStatus | null;
  onChange(value: boolean): void;
}

/** Main's reasons are sentences; a bare fragment still needs its full stop before ours. */
function withStop(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

/**
 * Where the key will live. With no keychain there is no choice (main never writes keys to
 * disk in plain text), so the box stays checked and the reason is given.
 */
export function SessionOnlyOption({ id = 'profile-sessionOnly', checked, keychain, onChange }: Props) {
  const missing = keychain !== null && !keychain.available;
  const why = missing ? withStop(keychain.reason ?? 'The system keychain is not available') : '';
  const hint = missing
    ? `${why} The key will be kept only until you quit the app, and you will enter it again next time.`
    : 'Otherwise the key is kept in your system keychain, never in the app’s files.';
  return (
    <div className="field field--check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={missing}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-hint`}
      />
      <label htmlFor={id}>Keep the key for this session only</label>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
    </div>
  );
}
