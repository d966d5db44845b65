import type { NotificationEvent } from '../../../../shared/ipc';
import { useAppSettings } from '../../stores/app-settings';

const EVENTS: { event: NotificationEvent; label: string; hint: string }[] = [
  { event: 'sent', label: 'Items sent', hint: 'Transfers and payments the service accepted.' },
  { event: 'failed', label: 'Items that failed', hint: 'The service refused an item; it says why.' },
  {
    event: 'needs-review',
    label: 'Items that need review',
    hint: 'An answer was lost: a person checks whether it went through.',
  },
  { event: 'awaiting-approval', label: 'Items waiting for your approval', hint: 'An item is waiting in Approvals.' },
];

/** Settings → which outbox events the operating system tells you about (the same for every profile). */
export function NotificationSettings() {
  const notifications = useAppSettings((s) => s.settings?.notifications);
  const change = useAppSettings((s) => s.change);
  return (
    <fieldset className="field settings__choices" disabled={notifications === undefined}>
      <legend className="field__label">Notify me, through the operating system, about</legend>
      {EVENTS.map((e) => (
        <div key={e.event} className="field field--check">
          <input
            id={`notify-${e.event}`}
            type="checkbox"
            checked={notifications?.[e.event] ?? false}
            onChange={(ev) => void change({ notifications: { [e.event]: ev.target.checked } })}
            aria-describedby={`notify-${e.event}-hint`}
          />
          <label htmlFor={`notify-${e.event}`}>{e.label}</label>
          <span id={`notify-${e.event}-hint`} className="field__hint">
            {e.hint}
          </span>
        </div>
      ))}
    </fieldset>
  );
}
