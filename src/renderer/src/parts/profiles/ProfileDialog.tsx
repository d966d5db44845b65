import { useState, type ComponentType } from 'react';
import type { ProfileView } from '../../../../shared/ipc';
import { FormDialog } from '../../ui/FormDialog';

/** What EditProfileDialog and SetKeyDialog take from ProfileList. */
export interface ProfileDialogProps {
  /** The profile the dialog acts on, as it was when the dialog opened; null when closed. */
  profile: ProfileView | null;
  onClose(): void;
  onDone(message: string): void;
}

/** What the form inside a profile dialog gets. */
export interface ProfileFormProps {
  profile: ProfileView;
  busy: boolean;
  setBusy(busy: boolean): void;
  onClose(): void;
  onDone(message: string): void;
}

interface Props extends ProfileDialogProps {
  title(profile: ProfileView): string;
  /**
   * Mounted only while the dialog is open, so what is typed (a key) lives in that form's state
   * and nowhere else, and disappears with it on Save, Cancel or Escape.
   */
  Form: ComponentType<ProfileFormProps>;
}

/** A dialog about one profile; busy lives here because the dialog too must hold Escape while a call runs. */
export function ProfileDialog({ profile, onClose, onDone, title, Form }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog open={profile !== null} title={profile ? title(profile) : ''} busy={busy} onCancel={onClose}>
      {profile ? <Form profile={profile} busy={busy} setBusy={setBusy} onClose={onClose} onDone={onDone} /> : null}
    </FormDialog>
  );
}

/** Cancel and the submit button, both held while the call runs. */
export function ProfileDialogActions({
  busy,
  onCancel,
  submitLabel,
}: {
  busy: boolean;
  onCancel(): void;
  submitLabel: string;
}) {
  return (
    <div className="dialog__actions">
      <button type="button" className="button" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </div>
  );
}
