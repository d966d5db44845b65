import { useEffect, useState, type ReactNode } from 'react';
import type { Result } from '../../../shared/ipc';
import { FormDialog } from './FormDialog';

/** What a WriteDialog's form is given: whether its call runs, why it failed, and how to run it. */
export interface DialogWrite<T> {
  busy: boolean;
  error: string | null;
  /** Sends the call; the dialog closes with what it made (if the answer carried it), or stays open saying why it failed. */
  run(call: () => Promise<Result<T | undefined>>): Promise<void>;
  cancel(): void;
}

interface Props<T> {
  open: boolean;
  title: string;
  onClose(made?: T): void;
  /** The form, mounted while the dialog is open. */
  children(write: DialogWrite<T>): ReactNode;
}

/**
 * A dialog whose form makes one write (create a card, a group, a webhook; archive one): it waits
 * while the call runs (FormDialog), closes with the result, or says what went wrong and stays.
 */
export function WriteDialog<T>({ open, title, onClose, children }: Props<T>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A dialog opened again starts without the last time's error.
  useEffect(() => {
    if (!open) setError(null);
  }, [open]);
  const run = async (call: () => Promise<Result<T | undefined>>) => {
    setBusy(true);
    setError(null);
    const r = await call();
    setBusy(false);
    if (r.ok) onClose(r.value);
    else setError(r.error.message);
  };
  return (
    <FormDialog open={open} title={title} busy={busy} onCancel={() => onClose()}>
      {children({ busy, error, run, cancel: () => onClose() })}
    </FormDialog>
  );
}
