import { useId, type ReactNode } from 'react';

interface Props {
  /** The pane's name for assistive technology and tests: "Card details". */
  label: string;
  title: ReactNode;
  /** A line under the title (the state, the kind, "as of"). */
  sub?: ReactNode;
  /** Names what the close button closes: "the card details". */
  closeLabel: string;
  onClose(): void;
  children: ReactNode;
}

/** The pane beside a list that shows the selected item: its title, a close button, and its parts. */
export function DetailPane({ label, title, sub, closeLabel, onClose, children }: Props) {
  return (
    <section className="detail-pane" aria-label={label}>
      <div className="detail-pane__head">
        <div>
          <h2 className="detail-pane__title">{title}</h2>
          {sub ? <p className="detail-pane__sub">{sub}</p> : null}
        </div>
        <button type="button" className="button button--quiet" onClick={onClose} aria-label={`Close ${closeLabel}`}>
          ✕
        </button>
      </div>
      {children}
    </section>
  );
}

/** A titled part of a detail pane (its transactions, its events, its limits). */
export function DetailSection({
  title,
  action,
  children,
  label,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  label?: string;
}) {
  const id = useId();
  return (
    <section className="detail-section" aria-labelledby={label ? undefined : id} aria-label={label}>
      <div className="detail-section__head">
        <h3 id={id} className="detail-section__title">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}
