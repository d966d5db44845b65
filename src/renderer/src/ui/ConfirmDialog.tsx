import { useModalDialog } from './useModalDialog';

interface Props {
  open: boolean;
  title: string;
  children: string;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal confirmation on the native <dialog>: the browser traps focus, Escape cancels, and
 * focus returns to the opener on close. Cancel is focused first so Enter never destroys.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel }: Props) {
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-title" className="dialog__title">
        {title}
      </h2>
      <p id="confirm-text">{children}</p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
