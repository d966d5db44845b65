import { runIfFree } from '../../platform/locks';
import type { SendOutcome } from '../../../../shared/outbox/classify';
import { OutboxSender, type SenderState, type SenderStore } from './sender';

/** What each profile's sender is doing, for the queue screen and the sidebar. */
export interface SenderView {
  state: SenderState;
  paused: boolean;
  /** Why it stopped when no row is at fault (no key, profile gone). */
  blocked: string | null;
}

/**
 * What the pool needs from the app. The engine knows nothing of stores or React: the app layer
 * says whether a profile is online and takes each profile's status to show it.
 */
export interface SenderWiring<Row> {
  store(profileId: string): SenderStore<Row>;
  send(row: Row): Promise<SendOutcome<unknown>>;
  reconcile?(profileId: string, now: number): Promise<unknown>;
  /** This profile's own connection (not the one on screen). */
  online(profileId: string): boolean;
  /** A profile's status changed (a partial view), or the profile's sender went (null). */
  status(profileId: string, view: Partial<SenderView> | null): void;
}

/**
 * One sender per profile, for every profile (not only the one on screen): each sends with its
 * own rows, key and connection. Created on first use, kicked on start, approval, reconnect and
 * "send now", stopped when its profile goes.
 */
export class SenderPool<Row> {
  private readonly senders = new Map<string, OutboxSender<Row>>();

  constructor(private readonly wiring: SenderWiring<Row>) {}

  ensure(profileId: string): OutboxSender<Row> {
    let sender = this.senders.get(profileId);
    if (!sender) {
      sender = new OutboxSender<Row>({
        profileId,
        store: this.wiring.store(profileId),
        send: (row) => this.wiring.send(row),
        online: () => this.wiring.online(profileId),
        lock: runIfFree,
        onBlocked: (blocked) => this.wiring.status(profileId, { blocked }),
        ...(this.wiring.reconcile
          ? { reconcile: (now: number) => this.wiring.reconcile?.(profileId, now) ?? Promise.resolve() }
          : {}),
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
    this.wiring.status(profileId, null);
  }

  profiles(): string[] {
    return [...this.senders.keys()];
  }

  private publish(profileId: string, sender: OutboxSender<Row>): void {
    this.wiring.status(profileId, { state: sender.state, paused: sender.isPaused });
  }
}
