import type { KeychainStatus } from '../../../../shared/ipc';

interface Props {
  checked: boolean;
  keychain: KeychainStatus | null;
  onChange(value: boolean): void;
}

/**
 * Where the key will live. With no keychain there is no choice (main never writes keys to
 * disk in plain text), so the box stays checked and the reason is given.
 */
export function SessionOnlyOption({ checked, keychain, onChange }: Props) {
  const missing = keychain !== null && !keychain.available;
  const hint = missing
    ? `The system keychain is not available${keychain.reason ? ` (${keychain.reason})` : ''}. The key will be kept only until you quit the app, and you will enter it again next time.`
    : 'Otherwise the key is kept in your system keychain, never in the app’s files.';
  return (
    <div className="field field--check">
      <input
        id="profile-sessionOnly"
        type="checkbox"
        checked={checked}
        disabled={missing}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby="profile-sessionOnly-hint"
      />
      <label htmlFor="profile-sessionOnly">Keep the key for this session only</label>
      <p id="profile-sessionOnly-hint" className="field__hint">
        {hint}
      </p>
    </div>
  );
}
