import { useState, type FormEvent } from 'react';
import type { Webhook } from '../../../../../shared/service';
import { entityWrites } from '../../../app/entity-writes';
import { DialogActions } from '../../../ui/DialogActions';
import { FormError } from '../../../ui/FormError';
import { TextField } from '../../../ui/TextField';
import { Url } from '../../../ui/Url';
import { WriteDialog, type DialogWrite } from '../../../ui/WriteDialog';
import { archiveReasonProblem } from '../../../webhooks/model/webhook-form';

interface Props {
  profileId: string;
  /** The webhook to archive; the dialog is open while there is one. */
  webhook: Webhook | null;
  onClose(archived?: Webhook): void;
}

/** PATCH /webhook/{id} with status archived and an optional reason: final, so it is asked first. */
export function ArchiveWebhookDialog({ profileId, webhook, onClose }: Props) {
  return (
    <WriteDialog
      open={webhook !== null}
      title={webhook ? `Archive “${webhook.name}”?` : 'Archive webhook?'}
      onClose={onClose}
    >
      {(write) => (webhook ? <ArchiveForm profileId={profileId} webhook={webhook} write={write} /> : null)}
    </WriteDialog>
  );
}

function ArchiveForm({
  profileId,
  webhook,
  write,
}: {
  profileId: string;
  webhook: Webhook;
  write: DialogWrite<Webhook>;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = reason.trim();
    const problem = archiveReasonProblem(trimmed);
    setReasonError(problem);
    if (problem) return;
    await write.run(() => entityWrites.archiveWebhook(profileId, webhook.id, trimmed || undefined));
  };

  return (
    <form className="form" aria-label="Archive webhook" onSubmit={(e) => void submit(e)} noValidate>
      <p>
        The service stops sending event notifications to <Url href={webhook.url} />. Archiving is final: an archived
        webhook cannot be made active again (register the address again as a new webhook if it is needed later).
      </p>
      <TextField
        id="archive-webhook-reason"
        label="Reason (optional)"
        value={reason}
        error={reasonError}
        autoFocus
        autoComplete="off"
        onChange={(e) => setReason(e.target.value)}
      />
      <FormError message={write.error} />
      <DialogActions busy={write.busy} label="Archive webhook" busyLabel="Archiving…" danger onCancel={write.cancel} />
    </form>
  );
}
