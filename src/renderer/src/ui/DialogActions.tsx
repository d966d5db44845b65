interface Props {
  busy: boolean;
  /** The submit button's words, and what it says while the call runs. */
  label: string;
  busyLabel: string;
  /** A final change (archive, close) is red. */
  danger?: boolean;
  /** The submit button waits for something else too; `describedBy` names the element saying what. */
  disabled?: boolean;
  describedBy?: string | undefined;
  onCancel(): void;
}

/**
 * A form dialog's Cancel and submit buttons. Both wait while the call runs: leaving then would
 * hide whether the change was made, and a second press would send it twice.
 */
export function DialogActions({
  busy,
  label,
  busyLabel,
  danger = false,
  disabled = false,
  describedBy,
  onCancel,
}: Props) {
  return (
    <div className="dialog__actions">
      <button type="button" className="button" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button
        type="submit"
        className={`button ${danger ? 'button--danger' : 'button--primary'}`}
        disabled={busy || disabled}
        aria-describedby={describedBy}
      >
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
