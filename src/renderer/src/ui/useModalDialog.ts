import { useEffect, useRef } from 'react';

/**
 * Keeps a native <dialog> shown modally exactly while `open` is true (React owns the state). On
 * opening, the element marked `data-initial-focus` (if any) takes the focus.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      d.querySelector<HTMLElement>('[data-initial-focus]')?.focus();
    }
    if (!open && d.open) d.close();
  }, [open]);
  return ref;
}
