import { useState, type FormEvent } from 'react';
import type { Webhook } from '../../../../../shared/service';
import { entityWrites } from '../../../app/entity-writes';
import { DialogActions } from '../../../ui/DialogActions';
import { FormError } from '../../../ui/FormError';
import { TextField } from '../../../ui/TextField';
import { WriteDialog, type DialogWrite } from '../../../ui/WriteDialog';
import { checkWebhookForm, URL_EXAMPLE, type WebhookFormProblems } from '../../../webhooks/model/webhook-form';

interface Props {
  open: boolean;
  profileId: string;
  /** The Demo's service runs on this computer: addresses on it are accepted there only. */
  isDemo: boolean;
  onClose(created?: Webhook): void;
}

/** POST /webhook: a name and the https address that receives the service's event notifications. */
export function NewWebhookDialog({ open, profileId, isDemo, onClose }: Props) {
  return (
    <WriteDialog open={open} title="New webhook" onClose={onClose}>
      {(write) => <NewWebhookForm profileId={profileId} isDemo={isDemo} write={write} />}
    </WriteDialog>
  );
}

function NewWebhookForm({
  profileId,
  isDemo,
  write,
}: {
  profileId: string;
  isDemo: boolean;
  write: DialogWrite<Webhook>;
}) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [problems, setProblems] = useState<WebhookFormProblems>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkWebhookForm({ name, url }, { allowLocalHosts: isDemo });
    if (!checked.ok) return setProblems(checked.problems);
    setProblems({});
    await write.run(() => entityWrites.createWebhook(profileId, checked.body));
  };

  return (
    <form className="form" aria-label="New webhook" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        id="new-webhook-name"
        label="Name"
        value={name}
        error={problems.name}
        autoFocus
        autoComplete="off"
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        id="new-webhook-url"
        label="Address (URL)"
        type="url"
        inputMode="url"
        spellCheck={false}
        autoComplete="off"
        placeholder={URL_EXAMPLE}
        hint="An https:// address of a server of yours: the service posts its event notifications there."
        value={url}
        error={problems.url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <FormError message={write.error} />
      <DialogActions busy={write.busy} label="Create webhook" busyLabel="Creating…" onCancel={write.cancel} />
    </form>
  );
}
