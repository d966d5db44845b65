import type { ReactNode } from 'react';
import { keepTabInside } from './focus';
import { useModalDialog } from './useModalDialog';

interface Props {
  open: boolean;
  onClose(): void;
  className: string;
  /** Its name for assistive technology: a label, or the id of its visible title. */
  name: { label: string } | { labelledBy: string };
  children: ReactNode;
}

/**
 * A modal native <dialog> that React opens and closes: the page behind is inert, Tab stays
 * inside, Escape closes. Where focus goes on close is the opener's business (the palette's host
 * puts it back before running what was chosen).
 */
export function ModalDialog({ open, onClose, className, name, children }: Props) {
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      className={className}
      aria-label={'label' in name ? name.label : undefined}
      aria-labelledby={'labelledBy' in name ? name.labelledBy : undefined}
      onKeyDown={keepTabInside}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClose={() => {
        // Chromium may close a dialog without a cancel event (a repeated Escape); follow it.
        if (open) onClose();
      }}
    >
      {children}
    </dialog>
  );
}
