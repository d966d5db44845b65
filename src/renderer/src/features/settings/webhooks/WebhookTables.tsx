import type { ReactNode } from 'react';
import type { Webhook } from '../../../../../shared/service';
import { DataTable } from '../../../ui/DataTable';
import { nameColumn, type TableColumn } from '../../../ui/table-column';
import { Url } from '../../../ui/Url';
import { dateTime, day, dayOrDateTime } from '../../../model/format';
import { archiveReason } from '../../../webhooks/model/webhook-list';

interface PanelProps {
  id: string;
  title: string;
  webhooks: Webhook[];
  empty: string;
  /** The last column: what it is called and what it shows for a webhook. */
  last: Pick<TableColumn<Webhook>, 'header' | 'hiddenHeader' | 'cell' | 'className'>;
}

/** One list of webhooks under its heading (a region named by it), or what to say when it is empty. */
function WebhookPanel({ id, title, webhooks, empty, last }: PanelProps) {
  const columns: TableColumn<Webhook>[] = [
    nameColumn(120),
    { id: 'url', header: 'Address', minWidth: 180, priority: 1, cell: (w) => <Url href={w.url} /> },
    {
      id: 'created',
      header: 'Created (UTC)',
      minWidth: 110,
      priority: 3,
      className: 'nowrap',
      cell: (w) => day(w.createdAt),
      title: (w) => dateTime(w.createdAt),
      sortValue: (w) => w.createdAt,
    },
    { id: 'last', minWidth: 100, priority: 2, ...last },
  ];
  return (
    <section className="webhooks-list" aria-labelledby={id}>
      <h4 id={id} className="webhooks-list__title">
        {title}
      </h4>
      <DataTable columns={columns} rows={webhooks} rowKey={(w) => w.id} labelledBy={id} empty={empty} />
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
        header: 'Actions',
        hiddenHeader: true,
        className: 'table__actions',
        cell: (w) => (
          <button
            type="button"
            className="button button--danger-text"
            aria-label={`Archive ${w.name}`}
            disabled={disabledReason !== undefined}
            title={disabledReason}
            onClick={() => onArchive(w)}
          >
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
      {w.archivedAt ? dayOrDateTime(w.archivedAt) : null}
      {reason ? <span className="muted"> · {reason}</span> : null}
    </>
  );
}

/** Archived webhooks, apart: the service no longer sends to them, and archiving cannot be undone. */
export function ArchivedWebhooks({ webhooks }: { webhooks: Webhook[] }) {
  return (
    <WebhookPanel
      id="webhooks-archived"
      title="Archived"
      webhooks={webhooks}
      empty="No archived webhook."
      last={{ header: 'Archived', cell: archivedCell }}
    />
  );
}
