import { useId, type ReactNode } from 'react';
import { useModalDialog } from './useModalDialog';

interface Props {
  open: boolean;
  title: string;
  /** Marks the dialog busy for assistive technology while its call runs. */
  busy?: boolean;
  onCancel(): void;
  /**
   * The dialog's content, mounted only while it is open: a closed dialog keeps no form state
   * (for the API key dialog that is the point: the key is gone the moment it closes).
   */
  children: ReactNode;
}

/**
 * A modal form on the native <dialog>, like ConfirmDialog: the browser traps focus and makes the
 * page behind inert, Escape cancels, and focus goes back to the button that opened it.
 */
export function FormDialog({ open, title, busy = false, onCancel, children }: Props) {
  const ref = useModalDialog(open);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog dialog--form"
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      onCancel={(e) => {
        // React passes a dialog's cancel and close up its own tree: those of a dialog opened from
        // this one (a confirmation) are that dialog's business.
        if (e.target !== e.currentTarget) return;
        // React decides when it closes, so the open prop and the element never disagree. While a
        // call runs, Escape waits: closing then would hide whether the change was made.
        e.preventDefault();
        if (!busy) onCancel();
      }}
      onClose={(e) => {
        if (e.target !== e.currentTarget) return;
        // Chromium may close a dialog without a cancel event (a repeated Escape); follow it.
        if (open) onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {open ? children : null}
    </dialog>
  );
}
