import { useId, type ReactNode } from 'react';

/** A titled region of the dashboard: its heading names it for assistive technology and tests. */
export function Panel({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`panel dashboard__panel ${className ?? ''}`} aria-labelledby={id}>
      <h2 id={id} className="panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
