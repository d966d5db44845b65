import type { KeyboardEvent, ReactNode, Ref } from 'react';
import { DetailPane } from './DetailPane';

interface Props {
  open: boolean;
  /** The panel's name for assistive technology and tests: "New transfer". */
  label: string;
  title: string;
  /** Names what the close button closes: "the new transfer". */
  closeLabel: string;
  onClose(): void;
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}

/**
 * A form beside a screen's list (a new transfer beside the queue). Closed, it is hidden but
 * stays mounted, so what was typed is still there when it opens again. Escape closes it.
 */
export function SidePanel({ open, label, title, closeLabel, onClose, ref, children }: Props) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    e.preventDefault();
    onClose();
  };
  return (
    <div className="side-panel" hidden={!open} ref={ref} onKeyDown={onKeyDown}>
      <DetailPane label={label} title={title} closeLabel={closeLabel} onClose={onClose}>
        {children}
      </DetailPane>
    </div>
  );
}
