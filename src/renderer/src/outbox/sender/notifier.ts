import type { OutboxRow } from '../../../../shared/outbox';
import { callMain } from '../../platform/bridge';

/** Outcomes close together make one notification, not one per row. */
const GATHER_MS = 2_000;

type Outcome = 'sent' | 'failed' | 'needs-review';

let pending: { outcome: Outcome; row: OutboxRow }[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

function describe(list: { outcome: Outcome; row: OutboxRow }[]): { title: string; body: string } {
  const count = (o: Outcome) => list.filter((x) => x.outcome === o).length;
  const [sent, failed, review] = [count('sent'), count('failed'), count('needs-review')];
  const parts = [sent ? `${sent} sent` : '', failed ? `${failed} failed` : '', review ? `${review} need${review === 1 ? 's' : ''} review` : ''].filter(Boolean);
  const firstProblem = list.find((x) => x.outcome !== 'sent');
  return {
    title: `Outbox: ${parts.join(', ')}`,
    body: firstProblem ? (firstProblem.row.lastError ?? 'Open Approvals to see what happened.') : 'Every queued item went through.',
  };
}

/** Tells the person, through the OS, when queued items are sent or fail (notes only when they fail). */
export function notifyOutcome(row: OutboxRow): void {
  if (row.state !== 'sent' && row.state !== 'failed' && row.state !== 'needs-review') return;
  if (row.kind === 'note' && row.state === 'sent') return;
  pending.push({ outcome: row.state, row });
  timer ??= setTimeout(() => {
    const list = pending;
    pending = [];
    timer = undefined;
    const { title, body } = describe(list);
    void callMain((api) => api.app.notify({ title, body }));
  }, GATHER_MS);
}
