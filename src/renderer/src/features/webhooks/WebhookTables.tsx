import type { Webhook } from '../../../../shared/service';
import { dateTime, day } from '../../model/format';
import { archiveReason } from '../../webhooks/model/webhook-list';

interface ActiveProps {
  webhooks: Webhook[];
  /** Why archiving is not possible now (offline); undefined when it is. */
  disabledReason: string | undefined;
  onArchive(webhook: Webhook): void;
}

/** The active webhooks: where the service sends its event notifications now. */
export function ActiveWebhooks({ webhooks, disabledReason, onArchive }: ActiveProps) {
  return (
    <section className="panel" aria-labelledby="webhooks-active">
      <h2 id="webhooks-active" className="panel__title">
        Active
      </h2>
      {webhooks.length === 0 ? (
        <p className="muted">No active webhook: the service sends its event notifications nowhere. Create one to receive them.</p>
      ) : (
        <table className="table" aria-labelledby="webhooks-active">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Address</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {webhooks.map((w) => (
              <tr key={w.id}>
                <th scope="row">{w.name}</th>
                <td className="table__url">{w.url}</td>
                <td title={dateTime(w.createdAt)}>{day(w.createdAt)}</td>
                <td className="table__actions">
                  <button type="button" className="button button--danger-text" aria-label={`Archive ${w.name}`} disabled={disabledReason !== undefined} title={disabledReason} onClick={() => onArchive(w)}>
                    Archive
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Archived webhooks, apart: the service no longer sends to them, and archiving cannot be undone. */
export function ArchivedWebhooks({ webhooks }: { webhooks: Webhook[] }) {
  return (
    <section className="panel" aria-labelledby="webhooks-archived">
      <h2 id="webhooks-archived" className="panel__title">
        Archived
      </h2>
      {webhooks.length === 0 ? (
        <p className="muted">No archived webhook.</p>
      ) : (
        <table className="table" aria-labelledby="webhooks-archived">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Address</th>
              <th scope="col">Created</th>
              <th scope="col">Archived</th>
            </tr>
          </thead>
          <tbody>
            {webhooks.map((w) => {
              const reason = archiveReason(w);
              return (
                <tr key={w.id}>
                  <th scope="row">{w.name}</th>
                  <td className="table__url">{w.url}</td>
                  <td title={dateTime(w.createdAt)}>{day(w.createdAt)}</td>
                  <td>
                    {w.archivedAt ? dateTime(w.archivedAt) : null}
                    {reason ? <span className="muted"> · {reason}</span> : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
