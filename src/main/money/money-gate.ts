import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { MoneyRefusal } from '../../shared/ipc';
import type { OutboxKind } from '../../shared/outbox';
import { sendRequestOf, wireOf } from '../../shared/outbox/wire';
import { canonicalJson } from '../../shared/canonical-json';
import { serviceOf } from '../../shared/service-address';
import type { ProfileServices } from '../profiles/profile-services';
import { HandlerError } from '../errors/handler-error';
import type { ProfileStore } from '../profiles/profile-store';
import { ServiceError } from '../service';
import {
  journalFileName,
  mayStillSend,
  migrateProfileJournals,
  SendJournal,
  UnjournaledSend,
  type AnswerClass,
  type JournalRefusal,
} from './send-journal';

/** A row of the outbox as it asks to be sent: its kind, its payload exactly as approved, its key. */
export interface MoneyRow {
  rowId: string;
  kind: OutboxKind;
  payload: unknown;
  idempotencyKey: string;
}

/** Who asks: the renderer's solo outbox, or main's own team sender (a row it claimed and verified). */
export type SendOrigin = 'solo' | 'team';

export interface MoneyGateDeps {
  store: ProfileStore;
  services: ProfileServices;
  /** Where the journals live (one file per service address). */
  dir: string;
  now: () => number;
  /**
   * Why a solo row of `service` may not be sent from this desktop (a team workspace covers the
   * service, or the row was signed for one), or null. Main's own team sender is never asked.
   */
  soloRefusal?: (service: string, row: MoneyRow) => Promise<{ reason: MoneyRefusal; message: string } | null>;
  /** Told while a row is being sent, until its answer is recorded: a restart to update waits for it. */
  busy?: { during<T>(what: string, work: () => Promise<T>): Promise<T> };
  /** Told of every attempt once it has its answer (the app's log): the row's id and kind, never its payload. */
  onAttempt?: (attempt: SendAttempt) => void;
}

/** One send attempt as the log records it. */
export interface SendAttempt {
  profileId: string;
  /** What the answer proves; 'held' when main refused before anything left (a journal or workspace refusal). */
  answer: AnswerClass | 'held';
  fields: {
    rowId: string;
    kind: OutboxKind;
    origin: SendOrigin;
    answer: AnswerClass | 'held';
    status?: number;
    ms: number;
  };
}

/** What a restart to update says it is waiting for while `send` runs. */
export const SENDING = 'a row of the outbox being sent';

/** What the journal keeps of a payload: the SHA-256 of its canonical JSON. */
const hashOf = (payload: unknown) => createHash('sha256').update(canonicalJson(payload), 'utf8').digest('hex');

export function refuse(reason: MoneyRefusal, message: string): HandlerError {
  return new HandlerError('money-refused', message, { money: { reason } });
}

/** What an attempt's error proves about the service (send-journal.ts, AnswerClass). */
function answerOf(error: unknown): { answer: AnswerClass; status?: number } {
  if (!(error instanceof ServiceError)) return { answer: 'unknown' };
  const status = error.status === undefined ? {} : { status: error.status };
  if (error.sentRequest === false || error.kind === 'held' || error.kind === 'invalid-request')
    return { answer: 'not-processed', ...status };
  if (error.kind === 'http' && error.status === 429) return { answer: 'not-processed', ...status };
  if (
    error.kind === 'http' &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408
  )
    return { answer: 'refused', ...status };
  return { answer: 'unknown', ...status };
}

/**
 * The one way a request that moves money leaves this computer (docs/architecture.md, "Main is
 * the money gate"). A row comes with its kind, payload and key, never as a raw endpoint: main picks the
 * call from the kind. A solo row is refused for a service a team workspace covers; every row's
 * key is checked against its service's send journal (send-journal.ts) and journaled, fsynced,
 * before the request leaves, and its answer after. Rows that move no money (notes) go as they are.
 *
 * The journal is the service address's, not the profile's: deleting a profile asks no one, so a
 * page could delete one and have the person add it again, and a journal that started empty would
 * let a rewound outbox pay its rows again. Profiles of one address share it at no cost: the
 * journal only ever refuses, and the outbox's keys are UUIDs, so only a row given another row's
 * key on purpose is refused (never paid twice). Not keyed by the API key or a digest of it (a key
 * replaced for the same account would start empty), nor one journal for every service (a page
 * could then spend a team row's key on a solo or Demo profile and have the team's row refused).
 */
export class MoneyGate {
  private readonly journals = new Map<string, Promise<SendJournal>>();
  /** The first releases' journals per profile, moved to their services before any journal is read. */
  private migrated: Promise<void> | null = null;

  constructor(private readonly deps: MoneyGateDeps) {}

  /** The journal of `service`, read once. */
  private journalOf(service: string): Promise<SendJournal> {
    let j = this.journals.get(service);
    if (!j) {
      const migrated = (this.migrated ??= migrateProfileJournals(this.deps.dir));
      migrated.catch(() => (this.migrated = null));
      j = migrated.then(() => SendJournal.open(join(this.deps.dir, journalFileName(service))));
      this.journals.set(service, j);
      j.catch(() => this.journals.delete(service));
    }
    return j;
  }

  /** The journal of the profile's service. */
  journal(profileId: string): Promise<SendJournal> {
    const profile = this.deps.store.get(profileId);
    if (!profile)
      return Promise.reject(
        new HandlerError('profile-mismatch', 'That profile no longer exists (it was deleted). Nothing was sent.'),
      );
    return this.journalOf(serviceOf(profile));
  }

  /**
   * Why the profile's send journal would refuse this row now (a payment sent before, a transfer
   * past the key window, a key sent with another payload), or null; nothing is sent or written.
   */
  async journalRefusal(profileId: string, row: MoneyRow): Promise<JournalRefusal | null> {
    if (!wireOf(row.kind).movesMoney) return null;
    const journal = await this.journal(profileId);
    return mayStillSend(journal.record(row.idempotencyKey), hashOf(row.payload), this.deps.now());
  }

  /** Sends one row for `profileId`; the service's answer, or the error that says why not. */
  send(profileId: string, row: MoneyRow, origin: SendOrigin): Promise<unknown> {
    const busy = this.deps.busy;
    return busy
      ? busy.during(SENDING, () => this.sendLogged(profileId, row, origin))
      : this.sendLogged(profileId, row, origin);
  }

  private async sendLogged(profileId: string, row: MoneyRow, origin: SendOrigin): Promise<unknown> {
    const started = this.deps.now();
    const tell = (answer: AnswerClass | 'held', status?: number) => {
      const fields = { rowId: row.rowId, kind: row.kind, origin, answer, ...(status !== undefined ? { status } : {}) };
      this.deps.onAttempt?.({ profileId, answer, fields: { ...fields, ms: this.deps.now() - started } });
    };
    try {
      const value = await this.sendOnce(profileId, row, origin);
      tell(wireOf(row.kind).refusedDespiteSuccess(value) === null ? 'ok' : 'refused');
      return value;
    } catch (error) {
      if (error instanceof HandlerError) tell('held');
      else {
        const { answer, status } = answerOf(error);
        tell(answer, status);
      }
      throw error;
    }
  }

  private async sendOnce(profileId: string, row: MoneyRow, origin: SendOrigin): Promise<unknown> {
    const profile = this.deps.store.get(profileId);
    if (!profile)
      throw new HandlerError('profile-mismatch', 'That profile no longer exists (it was deleted). Nothing was sent.');
    const wire = wireOf(row.kind);
    const { endpoint, request } = sendRequestOf(row);
    const client = await this.deps.services.client(profileId);
    // The request's type follows its endpoint (a union over endpoints); the client validates it against that endpoint's schemas.
    const call = () => client.call(endpoint, request as never);
    if (!wire.movesMoney) return call();
    const service = serviceOf(profile);
    if (origin === 'solo') {
      const refusal = await this.deps.soloRefusal?.(service, row);
      if (refusal) throw refuse(refusal.reason, refusal.message);
    }
    const kind = row.kind as 'transfer' | 'payment';
    const hash = hashOf(row.payload);
    const journal = await this.journalOf(service);
    return journal.serially(row.idempotencyKey, async () => {
      const refusal = mayStillSend(journal.record(row.idempotencyKey), hash, this.deps.now());
      if (refusal) throw refuse(refusal.reason, refusal.message);
      await journal
        .sending({ key: row.idempotencyKey, rowId: row.rowId, kind, hash, service, origin, at: this.deps.now() })
        .catch((error: unknown) => {
          throw error instanceof UnjournaledSend ? refuse('not-journaled', error.message) : error;
        });
      try {
        const value = await call();
        await journal.answered(
          row.idempotencyKey,
          wire.refusedDespiteSuccess(value) === null ? 'ok' : 'refused',
          this.deps.now(),
        );
        return value;
      } catch (error) {
        const { answer, status } = answerOf(error);
        await journal.answered(row.idempotencyKey, answer, this.deps.now(), status);
        throw error;
      }
    });
  }

  async dispose(): Promise<void> {
    const all = [...this.journals.values()];
    this.journals.clear();
    for (const j of all) await (await j.catch(() => null))?.close();
  }
}
