import type { ServiceUtilization } from '../../cards/commands/service-reads';
import { dayOrDateTime, money } from '../../model/format';

/** What the service says a card or group has spent against its first limit, and when it resets. */
export function ServiceUtilizationLine({
  utilization,
  online,
  title,
}: {
  utilization: ServiceUtilization;
  online: boolean;
  title: string;
}) {
  const value = utilization.value;
  return (
    <section className="detail-section" aria-label="Utilization from the service">
      <h3 className="detail-section__title">{title}</h3>
      {!online ? (
        <p className="muted">
          The service’s figure shows when the connection returns; meters computed from the cached transactions stand in.
        </p>
      ) : null}
      {utilization.error ? (
        <p className="field__error" role="alert">
          The utilization could not be read: {utilization.error}
        </p>
      ) : null}
      {online && value ? (
        <p className="card-totals">
          <span>
            Spent <strong>{money(value.spend.amountCents)}</strong>
          </span>
          {value.availableBalance ? (
            <span>
              Available <strong>{money(value.availableBalance.amountCents)}</strong>
            </span>
          ) : (
            <span className="muted">No limit: the spend of this month</span>
          )}
          {value.nextResetDate ? <span>Resets {dayOrDateTime(value.nextResetDate)}</span> : null}
        </p>
      ) : null}
    </section>
  );
}
