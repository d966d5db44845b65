import { useId, useState, type FormEvent } from 'react';
import type { ProfileView } from '../../../../shared/ipc';
import { clearCache, type DataActionResult } from '../../app/clear-cache';
import { removeProfile } from '../../app/remove-profile';
import { useUnsent } from '../../outbox/repo/outbox-hooks';
import { useProfiles } from '../../stores/profiles';
import { DialogActions } from '../../ui/DialogActions';
import { FormError } from '../../ui/FormError';
import { ProfileDialog, type ProfileDialogProps, type ProfileFormProps } from './ProfileDialog';
import { UnsentItems } from './UnsentItems';

interface DataAction {
  what(profile: ProfileView): string;
  label: string;
  busyLabel: string;
  run(profile: ProfileView, onScreen: boolean): Promise<DataActionResult>;
  done(profile: ProfileView): string;
}

const CLEAR: DataAction = {
  what: () =>
    'Its downloaded transactions, its search index and its cached cards, accounts, directory and webhooks are deleted from this computer. Its transfers, payments and notes (the outbox) and its saved searches stay. The next sync downloads everything again.',
  label: 'Clear the cache',
  busyLabel: 'Clearing…',
  run: (p, onScreen) => clearCache(p.id, onScreen),
  done: (p) =>
    `The cache of “${p.name}” was cleared. The next update downloads it again (“Update now” in the top bar starts it at once).`,
};

const REMOVE: DataAction = {
  what: () =>
    'The profile and its API key (from the system keychain) are removed from this computer, with its cache, its search index and its outbox: queued items, finished ones and their audit log. The record of card numbers revealed with it stays in the reveal audit, which is evidence. Nothing on the service changes.',
  label: 'Remove profile',
  busyLabel: 'Removing…',
  run: (p) => removeProfile(p.id),
  done: (p) => `“${p.name}” was removed: its key, cache, search index and outbox are gone from this computer.`,
};

/**
 * What the action deletes, the profile's unsent items with their export and discard, and the
 * action itself: held while unsent items stop it, saying why (the action checks the same rule
 * again when it runs, in case a row arrived meanwhile).
 */
function DataActionForm({
  profile,
  busy,
  setBusy,
  onClose,
  onDone,
  action,
}: ProfileFormProps & { action: DataAction }) {
  const onScreen = useProfiles((s) => s.activeProfileId === profile.id);
  const unsent = useUnsent(profile.id);
  const [error, setError] = useState<string | null>(null);
  const blockedId = useId();
  const blocked = unsent === undefined || unsent.summary.blocking > 0;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const r = await action.run(profile, onScreen);
    setBusy(false);
    if (r.ok) onDone(action.done(profile));
    else setError(r.message);
  };

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy || undefined}>
      <p>{action.what(profile)}</p>
      {unsent ? (
        <UnsentItems profileId={profile.id} summary={unsent.summary} exportedAt={unsent.exportedAt} />
      ) : (
        <p aria-busy="true">Counting unsent items…</p>
      )}
      {unsent && blocked ? (
        <p id={blockedId} className="field__hint">
          {unsent.summary.unhandled > 0
            ? 'Send, export or discard the unsent items first.'
            : 'Wait until the items being sent have their answer.'}
        </p>
      ) : null}
      <FormError message={error} />
      <DialogActions
        busy={busy}
        label={action.label}
        busyLabel={action.busyLabel}
        danger
        onCancel={onClose}
        disabled={blocked}
        describedBy={blocked ? blockedId : undefined}
      />
    </form>
  );
}

// Components of their own (not made in render): a new component type each render would remount the form.
const ClearForm = (f: ProfileFormProps) => <DataActionForm {...f} action={CLEAR} />;
const RemoveForm = (f: ProfileFormProps) => <DataActionForm {...f} action={REMOVE} />;

/** "Clear the cache…" of a profile (Settings → Data on this computer). */
export function ClearCacheDialog(props: ProfileDialogProps) {
  return <ProfileDialog {...props} title={(p) => `Clear the cache of “${p.name}”?`} Form={ClearForm} />;
}

/** "Remove…" of a live profile (Settings → Profiles). */
export function RemoveProfileDialog(props: ProfileDialogProps) {
  return <ProfileDialog {...props} title={(p) => `Remove “${p.name}”?`} Form={RemoveForm} />;
}
