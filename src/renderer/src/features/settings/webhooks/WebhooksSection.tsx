import { forActiveProfile } from '../../../app/active-profile';
import { useMemo, useRef, useState } from 'react';
import type { Webhook } from '../../../../../shared/service';
import { ago, count } from '../../../model/format';
import { useEntities } from '../../../repos/entities-hooks';
import { useConnectivity } from '../../../stores/connectivity';
import { useProfiles } from '../../../stores/profiles';
import { StatusNote, type Note } from '../../../ui/StatusNote';
import { splitWebhooks } from '../../../webhooks/model/webhook-list';
import { ArchiveWebhookDialog } from './ArchiveWebhookDialog';
import { NewWebhookDialog } from './NewWebhookDialog';
import { ActiveWebhooks, ArchivedWebhooks } from './WebhookTables';
import './webhooks.css';
import { newItemAction } from '../../../model/actions';
import { useScreenActions } from '../../../stores/action-registry';

export const OFFLINE_WEBHOOK_EDITS =
  'Offline: creating and archiving webhooks need the service. The list is shown as it was last synced.';

/** The palette's and Ctrl+8's "Go to Webhooks" here: the shell opens Settings, then runs this. */
export const GO_TO_WEBHOOKS = 'settings:webhooks';

/**
 * Settings → Developer → Webhooks (a developer's concern, out of the sidebar). A fresh part per
 * profile: nothing of one profile's state shows on another's.
 */
export const WebhooksSection = forActiveProfile(WebhooksFor);

function WebhooksFor({ profileId }: { profileId: string }) {
  const webhooks = useEntities<Webhook>(profileId, 'webhook');
  const online = useConnectivity((s) => s.byProfile[profileId]?.state !== 'offline');
  const isDemo = useProfiles((s) => s.profiles.find((p) => p.id === profileId)?.kind === 'demo');
  const [creating, setCreating] = useState(false);
  const [archiving, setArchiving] = useState<Webhook | null>(null);
  const [note, setNote] = useState<Note | null>(null);

  const lists = useMemo(() => splitWebhooks(webhooks?.items ?? []), [webhooks]);
  const disabledReason = online ? undefined : OFFLINE_WEBHOOK_EDITS;
  const heading = useRef<HTMLHeadingElement>(null);
  useScreenActions([
    newItemAction('webhooks:new', 'New webhook', online, () => setCreating(true)),
    {
      id: GO_TO_WEBHOOKS,
      title: 'Show the webhooks',
      group: 'This screen',
      keywords: ['developer', 'events'],
      run: () => {
        heading.current?.scrollIntoView({ block: 'start' });
        heading.current?.focus();
      },
    },
  ]);

  return (
    <section className="webhooks" aria-labelledby="settings-webhooks">
      <div className="webhooks__head">
        <h3 id="settings-webhooks" className="webhooks__title" tabIndex={-1} ref={heading}>
          Webhooks
        </h3>
        <p className="muted">
          {webhooks?.asOf ? `Saved list as of ${ago(webhooks.asOf)}` : 'Not synced yet'} · {count(lists.active.length)}{' '}
          active, {count(lists.archived.length)} archived{online ? '' : ' · offline'}
        </p>
      </div>
      <div className="tx-toolbar webhooks-toolbar">
        <button
          type="button"
          className="button button--primary"
          disabled={!online}
          title={disabledReason}
          onClick={() => setCreating(true)}
        >
          New webhook
        </button>
        <StatusNote note={note} />
      </div>
      {disabledReason ? <p className="muted">{disabledReason}</p> : null}
      {webhooks === undefined ? (
        <p className="muted">Reading the saved webhooks…</p>
      ) : webhooks.items.length === 0 ? (
        <p className="muted">No webhooks yet: they arrive with the next update, or create one.</p>
      ) : (
        <>
          <ActiveWebhooks webhooks={lists.active} disabledReason={disabledReason} onArchive={setArchiving} />
          <ArchivedWebhooks webhooks={lists.archived} />
        </>
      )}
      <NewWebhookDialog
        open={creating}
        profileId={profileId}
        isDemo={isDemo}
        onClose={(w) => {
          setCreating(false);
          if (w) setNote({ text: `Created ${w.name}: the service sends its event notifications to it.`, error: false });
        }}
      />
      <ArchiveWebhookDialog
        profileId={profileId}
        webhook={archiving}
        onClose={(w) => {
          setArchiving(null);
          if (w) setNote({ text: `Archived ${w.name}.`, error: false });
        }}
      />
    </section>
  );
}
