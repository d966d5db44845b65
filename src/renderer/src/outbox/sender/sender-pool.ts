import { runIfFree } from '../../platform/locks';
import { useConnectivity } from '../../stores/connectivity';
import { useOutboxSender } from '../commands/sender-status';
import type { SendOutcome } from '../model/classify';
import { OutboxSender, type SenderStore } from './sender';

export interface SenderWiring<Row> {
  store(profileId: string): SenderStore<Row>;
  send(row: Row): Promise<SendOutcome<unknown>>;
  reconcile?(profileId: string, now: number): Promise<unknown>;
}

/**
 * One sender per profile, for every profile (not only the one on screen): each sends with its
 * own rows, key and connection. Created on first use, kicked on start, approval, reconnect and
 * "send now", stopped when its profile goes.
 */
export class OutboxSenders<Row> {
  private readonly senders = new Map<string, OutboxSender<Row>>();

  constructor(private readonly wiring: SenderWiring<Row>) {}

  ensure(profileId: string): OutboxSender<Row> {
    let sender = this.senders.get(profileId);
    if (!sender) {
      sender = new OutboxSender<Row>({
        profileId,
        store: this.wiring.store(profileId),
        send: (row) => this.wiring.send(row),
        online: () => useConnectivity.getState().byProfile[profileId]?.state !== 'offline',
        lock: runIfFree,
        onBlocked: (blocked) => useOutboxSender.getState().set(profileId, { blocked }),
        ...(this.wiring.reconcile ? { reconcile: (now: number) => this.wiring.reconcile?.(profileId, now) ?? Promise.resolve() } : {}),
      });
      this.senders.set(profileId, sender);
    }
    return sender;
  }

  async kick(profileId: string): Promise<void> {
    const sender = this.ensure(profileId);
    await sender.kick();
    this.publish(profileId, sender);
  }

  pause(profileId: string): void {
    const sender = this.ensure(profileId);
    sender.pause();
    this.publish(profileId, sender);
  }

  async resume(profileId: string): Promise<void> {
    const sender = this.ensure(profileId);
    const done = sender.resume();
    this.publish(profileId, sender);
    await done;
    this.publish(profileId, sender);
  }

  async stop(profileId: string): Promise<void> {
    const sender = this.senders.get(profileId);
    this.senders.delete(profileId);
    await sender?.stop();
    useOutboxSender.getState().forget(profileId);
  }

  profiles(): string[] {
    return [...this.senders.keys()];
  }

  private publish(profileId: string, sender: OutboxSender<Row>): void {
    useOutboxSender.getState().set(profileId, { state: sender.state, paused: sender.isPaused });
  }
}
