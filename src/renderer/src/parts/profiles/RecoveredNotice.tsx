import { useProfiles } from '../../stores/profiles';
import './profiles.css';

/**
 * Main found profiles.json damaged at start, renamed it aside and started empty. The person
 * should learn that from the app (not from missing profiles), and where the old file is.
 */
export function RecoveredNotice() {
  const recovered = useProfiles((s) => s.recovered);
  if (!recovered) return null;
  return (
    <div className="notice" role="note" aria-label="Settings were reset">
      <p>
        <strong>Your settings could not be read, so the file was set aside and the app started fresh.</strong>
      </p>
      <p>{recovered.reason}</p>
      {/* Main's reason names the file today; say it here only if it ever stops doing so. */}
      {recovered.reason.includes(recovered.setAsidePath) ? null : (
        <p>The old file was kept at {recovered.setAsidePath}.</p>
      )}
    </div>
  );
}
