import type { NotificationEvent } from '../../../../shared/ipc';
import type { OutboxRow } from '../../../../shared/outbox';

/** Outcomes close together make one notification, not one per row. */
const GATHER_MS = 2_000;

export interface OutboxNotice {
  title: string;
  body: string;
  /** Every event the notice reports (main shows it only when the person wants each). */
  events: NotificationEvent[];
}

export interface NotifierWiring {
  /** Whether the person wants notifications of this event (Settings), asked when the notice goes. */
  wanted(event: NotificationEvent): boolean;
  show(notice: OutboxNotice): void;
  /** Tests pass their own clock. */
  setTimeout?: (run: () => void, ms: number) => unknown;
}

interface Gathered {
  event: NotificationEvent;
  /** What went wrong, when something did (the first such line becomes the body). */
  problem?: string;
}

const PHRASES: Record<NotificationEvent, (n: number) => string> = {
  sent: (n) => `${n} sent`,
  failed: (n) => `${n} failed`,
  'needs-review': (n) => `${n} need${n === 1 ? 's' : ''} review`,
  'awaiting-approval': (n) => `${n} waiting for your approval`,
};
const ORDER: NotificationEvent[] = ['failed', 'needs-review', 'awaiting-approval', 'sent'];

function describe(list: Gathered[]): OutboxNotice {
  const events = ORDER.filter((e) => list.some((x) => x.event === e));
  const parts = events.map((e) => PHRASES[e](list.filter((x) => x.event === e).length));
  const problem = list.find((x) => x.event === 'failed' || x.event === 'needs-review');
  const body = problem
    ? (problem.problem ?? 'Open Approvals to see what happened.')
    : events.includes('awaiting-approval')
      ? 'Open Approvals to approve or reject.'
      : 'Every queued item went through.';
  return { title: `Outbox: ${parts.join(', ')}`, body, events };
}

/**
 * Tells the person, through the OS, what the outbox did: items sent, failed or needing review
 * (notes only when they fail or need review), and items that started waiting for an approval;
 * each only when the person wants that event (Settings → Notifications). Events close together
 * make one notice.
 */
export function createOutboxNotifier(wiring: NotifierWiring) {
  const later = wiring.setTimeout ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  let pending: Gathered[] = [];
  let scheduled = false;

  const add = (items: Gathered[]) => {
    pending.push(...items);
    if (scheduled) return;
    scheduled = true;
    later(() => {
      scheduled = false;
      // Asked now, not when the event happened: a switch turned off meanwhile is honoured.
      const list = pending.filter((x) => wiring.wanted(x.event));
      pending = [];
      if (list.length > 0) wiring.show(describe(list));
    }, GATHER_MS);
  };

  return {
    /** A row's send was recorded. */
    recorded(row: OutboxRow): void {
      if (row.state !== 'sent' && row.state !== 'failed' && row.state !== 'needs-review') return;
      if (row.kind === 'note' && row.state === 'sent') return;
      add([{ event: row.state, ...(row.lastError ? { problem: row.lastError } : {}) }]);
    },
    /** Rows started waiting for an approval. */
    awaiting(count: number): void {
      if (count > 0) add(Array.from({ length: count }, () => ({ event: 'awaiting-approval' as const })));
    },
  };
}

export type OutboxNotifier = ReturnType<typeof createOutboxNotifier>;
