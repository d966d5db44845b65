import type { ReactNode } from 'react';
import type { Webhook } from '../../../../shared/service';
import { dateTime, day } from '../../model/format';
import { archiveReason } from '../../webhooks/model/webhook-list';

interface PanelProps {
  id: string;
  title: string;
  webhooks: Webhook[];
  empty: string;
  /** The last column's heading and what it shows for a webhook. */
  last: { heading: ReactNode; cell(w: Webhook): ReactNode; className?: string };
}

/** One list of webhooks under its heading (a region named by it), or what to say when it is empty. */
function WebhookPanel({ id, title, webhooks, empty, last }: PanelProps) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id} className="panel__title">
        {title}
      </h2>
      {webhooks.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <table className="table" aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Address</th>
              <th scope="col">Created</th>
              <th scope="col">{last.heading}</th>
            </tr>
          </thead>
          <tbody>
            {webhooks.map((w) => (
              <tr key={w.id}>
                <th scope="row">{w.name}</th>
                <td className="table__url">{w.url}</td>
                <td title={dateTime(w.createdAt)}>{day(w.createdAt)}</td>
                <td className={last.className}>{last.cell(w)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

interface ActiveProps {
  webhooks: Webhook[];
  /** Why archiving is not possible now (offline); undefined when it is. */
  disabledReason: string | undefined;
  onArchive(webhook: Webhook): void;
}

/** The active webhooks: where the service sends its event notifications now. */
export function ActiveWebhooks({ webhooks, disabledReason, onArchive }: ActiveProps) {
  return (
    <WebhookPanel
      id="webhooks-active"
      title="Active"
      webhooks={webhooks}
      empty="No active webhook: the service sends its event notifications nowhere. Create one to receive them."
      last={{
        heading: <span className="visually-hidden">Actions</span>,
        className: 'table__actions',
        cell: (w) => (
          <button type="button" className="button button--danger-text" aria-label={`Archive ${w.name}`} disabled={disabledReason !== undefined} title={disabledReason} onClick={() => onArchive(w)}>
            Archive
          </button>
        ),
      }}
    />
  );
}

function archivedCell(w: Webhook): ReactNode {
  const reason = archiveReason(w);
  return (
    <>
      {w.archivedAt ? dateTime(w.archivedAt) : null}
      {reason ? <span className="muted"> · {reason}</span> : null}
    </>
  );
}

/** Archived webhooks, apart: the service no longer sends to them, and archiving cannot be undone. */
export function ArchivedWebhooks({ webhooks }: { webhooks: Webhook[] }) {
  return <WebhookPanel id="webhooks-archived" title="Archived" webhooks={webhooks} empty="No archived webhook." last={{ heading: 'Archived', cell: archivedCell }} />;
}
