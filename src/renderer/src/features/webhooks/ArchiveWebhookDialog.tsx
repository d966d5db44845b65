import { useState, type FormEvent } from 'react';
import type { Webhook } from '../../../../shared/service';
import { entityWrites } from '../../app/entity-writes';
import { DialogActions } from '../../ui/DialogActions';
import { FormDialog } from '../../ui/FormDialog';
import { FormError } from '../../ui/FormError';
import { TextField } from '../../ui/TextField';
import { archiveReasonProblem } from '../../webhooks/model/webhook-form';

interface Props {
  profileId: string;
  /** The webhook to archive; the dialog is open while there is one. */
  webhook: Webhook | null;
  onClose(archived?: Webhook): void;
}

/** PATCH /webhook/{id} with status archived and an optional reason: final, so it is asked first. */
export function ArchiveWebhookDialog({ profileId, webhook, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog open={webhook !== null} title={webhook ? `Archive “${webhook.name}”?` : 'Archive webhook?'} busy={busy} onCancel={() => onClose()}>
      {webhook ? <ArchiveForm profileId={profileId} webhook={webhook} busy={busy} setBusy={setBusy} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function ArchiveForm({ profileId, webhook, busy, setBusy, onClose }: Omit<Props, 'webhook'> & { webhook: Webhook; busy: boolean; setBusy(b: boolean): void }) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = reason.trim();
    const problem = archiveReasonProblem(trimmed);
    setReasonError(problem);
    if (problem) return;
    setBusy(true);
    setError(null);
    const r = await entityWrites.archiveWebhook(profileId, webhook.id, trimmed || undefined);
    setBusy(false);
    if (!r.ok) return setError(r.error.message);
    onClose(r.value);
  };

  return (
    <form className="form" aria-label="Archive webhook" onSubmit={(e) => void submit(e)} noValidate>
      <p>
        The service stops sending event notifications to <span className="table__url">{webhook.url}</span>. Archiving is final: an archived webhook cannot be made active again (register the address
        again as a new webhook if it is needed later).
      </p>
      <TextField id="archive-webhook-reason" label="Reason (optional)" value={reason} error={reasonError} autoFocus autoComplete="off" onChange={(e) => setReason(e.target.value)} />
      <FormError message={error} />
      <DialogActions busy={busy} label="Archive webhook" busyLabel="Archiving…" danger onCancel={() => onClose()} />
    </form>
  );
}
