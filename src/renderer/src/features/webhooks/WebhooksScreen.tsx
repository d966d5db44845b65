import { forActiveProfile } from '../../app/active-profile';
import { useMemo, useState } from 'react';
import type { Webhook } from '../../../../shared/service';
import { ago, count } from '../../model/format';
import { useEntities } from '../../repos/entities-hooks';
import { useConnectivity } from '../../stores/connectivity';
import { useProfiles } from '../../stores/profiles';
import { StatusNote, type Note } from '../../ui/StatusNote';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { splitWebhooks } from '../../webhooks/model/webhook-list';
import { ArchiveWebhookDialog } from './ArchiveWebhookDialog';
import { NewWebhookDialog } from './NewWebhookDialog';
import { ActiveWebhooks, ArchivedWebhooks } from './WebhookTables';
import './webhooks.css';
import { newItemAction } from '../../model/actions';
import { useScreenActions } from '../../stores/action-registry';

export const OFFLINE_WEBHOOK_EDITS =
  'Offline: creating and archiving webhooks need the service. The list is shown as it was last synced.';

// A fresh screen per profile: nothing of one profile's state shows on another's.
export const WebhooksScreen = forActiveProfile(WebhooksFor);

function WebhooksFor({ profileId }: { profileId: string }) {
  const webhooks = useEntities<Webhook>(profileId, 'webhook');
  const online = useConnectivity((s) => s.byProfile[profileId]?.state !== 'offline');
  const isDemo = useProfiles((s) => s.profiles.find((p) => p.id === profileId)?.kind === 'demo');
  const [creating, setCreating] = useState(false);
  const [archiving, setArchiving] = useState<Webhook | null>(null);
  const [note, setNote] = useState<Note | null>(null);

  const lists = useMemo(() => splitWebhooks(webhooks?.items ?? []), [webhooks]);
  const disabledReason = online ? undefined : OFFLINE_WEBHOOK_EDITS;
  useScreenActions([newItemAction('webhooks:new', 'New webhook', online, () => setCreating(true))]);

  return (
    <section className="screen" aria-labelledby="screen-title">
      <ScreenHeading
        aside={
          <p className="muted">
            {webhooks?.asOf ? `Saved list as of ${ago(webhooks.asOf)}` : 'Not synced yet'} ·{' '}
            {count(lists.active.length)} active, {count(lists.archived.length)} archived{online ? '' : ' · offline'}
          </p>
        }
      >
        Webhooks
      </ScreenHeading>
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
        <p className="muted">No webhook is saved on this computer: they arrive with the next update, or create one.</p>
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
