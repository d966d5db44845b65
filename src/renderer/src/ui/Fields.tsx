import { Fragment, type ReactNode } from 'react';

/** A label and its value; a value of undefined, null or '' leaves the line out. */
export type Field = readonly [label: string, value: ReactNode];

/** The facts of a detail as label-value lines. */
export function Fields({ fields, tight = false }: { fields: readonly Field[]; tight?: boolean }) {
  const shown = fields.filter(([, value]) => value !== undefined && value !== null && value !== '' && value !== false);
  if (shown.length === 0) return null;
  return (
    <dl className={`detail-fields${tight ? ' detail-fields--tight' : ''}`}>
      {shown.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** An id, a key or raw service text: monospace, for copying into a support request. */
export function TechValue({ children }: { children: string }) {
  return <code className="tech-value">{children}</code>;
}

/**
 * What a detail holds for support rather than for reading: ids, idempotency keys, the service's
 * address, raw network text, userData. Closed until asked for, so a person reads names, amounts,
 * dates and states first.
 */
export function TechnicalDetails({ fields, children }: { fields: readonly Field[]; children?: ReactNode }) {
  return (
    <details className="tech-details">
      <summary>Technical details</summary>
      <Fields fields={fields} />
      {children}
    </details>
  );
}
