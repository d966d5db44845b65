import { useId } from 'react';
import { keepTabInside } from './focus';
import { useModalDialog } from './useModalDialog';

interface Props {
  open: boolean;
  title: string;
  children: string;
  confirmLabel: string;
  /** A final or risky step is red; a confirmation of an ordinary one (approve these) is not. */
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal confirmation on the native <dialog>: the browser traps focus, Escape cancels, and
 * focus returns to the opener on close. Cancel is focused first so Enter never destroys.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, danger = true, onConfirm, onCancel }: Props) {
  const ref = useModalDialog(open);
  // Ids of their own: a screen may hold several of these (a card's close and its constraint's
  // removal), and a shared id would name every dialog after the first one's title.
  const titleId = useId();
  const textId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={keepTabInside}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <p id={textId}>{children}</p>
      <div className="dialog__actions">
        {/* Focused when the dialog opens (useModalDialog), not with autoFocus: a closed dialog is
            mounted with every row that may ask, and autoFocus calls focus() on each mount, which
            makes the browser bring the whole page's style up to date for a button nobody sees. */}
        <button type="button" className="button" onClick={onCancel} data-initial-focus>
          Cancel
        </button>
        <button type="button" className={`button ${danger ? 'button--danger' : 'button--primary'}`} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
