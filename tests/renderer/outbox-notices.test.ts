import { describe, expect, it } from 'vitest';
import { AwaitingWatch } from '../../src/renderer/src/outbox/sender/awaiting-watch';
import { createOutboxNotifier, type OutboxNotice } from '../../src/renderer/src/outbox/sender/notifier';
import type { NotificationEvent } from '../../src/shared/ipc';
import type { OutboxRow, OutboxState } from '../../src/shared/outbox';
import { noteInput, row, transferInput } from '../support/outbox-fixtures';

// The outbox's OS notifications: what each notice says, which events it names (main checks them
// again), and that a switched-off event is left out. The clock is the test's: a notice goes when
// the test runs the gathered timer, never after a real wait.

function harness(off: NotificationEvent[] = []) {
  const shown: OutboxNotice[] = [];
  const timers: (() => void)[] = [];
  const wanted = new Set<NotificationEvent>(
    ['sent', 'failed', 'needs-review', 'awaiting-approval'].filter(
      (e) => !off.includes(e as NotificationEvent),
    ) as NotificationEvent[],
  );
  const notifier = createOutboxNotifier({
    wanted: (e) => wanted.has(e),
    show: (n) => shown.push(n),
    setTimeout: (run) => timers.push(run),
  });
  const flush = () => {
    for (const run of timers.splice(0)) run();
  };
  return { notifier, shown, flush, wanted };
}

const finished = (state: OutboxState, lastError?: string): OutboxRow => ({
  ...row(transferInput()),
  state,
  ...(lastError ? { lastError } : {}),
});

describe('outbox notices', () => {
  it('gathers what happened together into one notice naming every event in it', () => {
    const { notifier, shown, flush } = harness();
    notifier.recorded(finished('sent'));
    notifier.recorded(finished('sent'));
    notifier.recorded(finished('failed', 'The service refused the transfer: insufficient funds.'));
    notifier.awaiting(2);
    expect(shown).toEqual([]);
    flush();
    expect(shown).toEqual([
      {
        title: 'Outbox: 1 failed, 2 waiting for your approval, 2 sent',
        body: 'The service refused the transfer: insufficient funds.',
        events: ['failed', 'awaiting-approval', 'sent'],
      },
    ]);
  });

  it('leaves out events switched off, asked when the notice goes', () => {
    const { notifier, shown, flush, wanted } = harness();
    notifier.recorded(finished('sent'));
    notifier.recorded(finished('needs-review', 'The answer was lost.'));
    wanted.delete('sent');
    flush();
    expect(shown).toEqual([
      { title: 'Outbox: 1 needs review', body: 'The answer was lost.', events: ['needs-review'] },
    ]);
  });

  it('shows nothing when everything in it is switched off', () => {
    const { notifier, shown, flush } = harness(['awaiting-approval', 'sent']);
    notifier.awaiting(3);
    notifier.recorded(finished('sent'));
    flush();
    expect(shown).toEqual([]);
  });

  it('waiting rows alone say where to act; notes are told only when they fail', () => {
    const { notifier, shown, flush } = harness();
    notifier.awaiting(1);
    notifier.recorded({ ...row(noteInput()), state: 'sent' });
    flush();
    expect(shown).toEqual([
      {
        title: 'Outbox: 1 waiting for your approval',
        body: 'Open Approvals to approve or reject.',
        events: ['awaiting-approval'],
      },
    ]);
  });
});

describe('rows that start waiting for approval', () => {
  function feed() {
    const listeners = new Map<string, (ids: string[]) => void>();
    const stopped: string[] = [];
    const told: [string, number][] = [];
    const watch = new AwaitingWatch(
      (id, onIds) => {
        listeners.set(id, onIds);
        return () => stopped.push(id);
      },
      (id, n) => told.push([id, n]),
    );
    return { watch, listeners, stopped, told };
  }

  it('are counted after the first reading, and again when they come back', () => {
    const { watch, listeners, told } = feed();
    watch.follow(['p1']);
    const p1 = listeners.get('p1') as (ids: string[]) => void;
    p1(['a', 'b']); // already waiting when followed: known to the person
    p1(['a', 'b', 'c']);
    p1(['c']);
    p1(['c', 'a', 'd']);
    expect(told).toEqual([
      ['p1', 1],
      ['p1', 2],
    ]);
  });

  it('follows exactly the profiles given, stopping the others', () => {
    const { watch, listeners, stopped, told } = feed();
    watch.follow(['p1', 'p2']);
    watch.follow(['p2']);
    expect(stopped).toEqual(['p1']);
    listeners.get('p2')?.([]);
    listeners.get('p2')?.(['x']);
    expect(told).toEqual([['p2', 1]]);
    watch.stop();
    expect(stopped).toEqual(['p1', 'p2']);
  });
});
