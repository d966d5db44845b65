import type { ServiceCallInput } from '../ipc/service';
import type { EndpointName } from '../service';
import type { OutboxKind, Payloads } from './rows';

/** The one service call that sends a row: an endpoint and its arguments (the row's key included). */
export type SendRequest = {
  [N in EndpointName]: { endpoint: N; request: Omit<ServiceCallInput<N>, 'profileId' | 'requestId' | 'endpoint'> };
}[EndpointName];

/**
 * How a kind of outbox row goes on the wire: the renderer's kinds describe a row for a person,
 * main sends it, and both take the call and the reading of its answer from here.
 */
export interface Wire<K extends OutboxKind> {
  request(payload: Payloads[K], key: string): SendRequest;
  /**
   * The service deduplicates by key (or the call is a plain overwrite), so an unknown outcome is
   * resent with the same key; otherwise it goes to a person.
   */
  idempotent: boolean;
  /** It moves money: main journals it and a joined workspace's policy may cover it. */
  movesMoney: boolean;
  /** A 2xx answer that still says it did not go through, in words; null when it went. */
  refusedDespiteSuccess(value: unknown): string | null;
}

export const WIRES: { [K in OutboxKind]: Wire<K> } = {
  transfer: {
    request: (payload, key) => ({
      endpoint: 'transferBetweenVirtualAccounts',
      request: { body: payload, idempotencyKey: key },
    }),
    idempotent: true,
    movesMoney: true,
    refusedDespiteSuccess: () => null,
  },
  payment: {
    // The key is sent anyway (the sandbox records it per row); the service is never relied on for it.
    request: (payload, key) => ({ endpoint: 'pay', request: { body: payload, idempotencyKey: key } }),
    idempotent: false,
    movesMoney: true,
    refusedDespiteSuccess: (value) =>
      (value as { success?: boolean } | null)?.success === false
        ? 'The service answered that this payment did not go through. Check the payee and the amount, then send it again as a new payment.'
        : null,
  },
  note: {
    request: (payload, key) => {
      const { transactionId, ...note } = payload;
      // The row's key goes too: main holds it until a Retry-After the service gave it runs out.
      return {
        endpoint: 'setTransactionNote',
        request: { params: { transactionId }, body: note, idempotencyKey: key },
      };
    },
    // Sending it twice leaves the same note.
    idempotent: true,
    movesMoney: false,
    refusedDespiteSuccess: () => null,
  },
};

/**
 * The wire of a row's kind, its methods taking any payload. TypeScript cannot tie `WIRES[kind]`
 * to the payload by itself (a correlated union); the row's own `kind` picks the entry.
 */
export function wireOf(kind: OutboxKind): Wire<OutboxKind> {
  return WIRES[kind] as unknown as Wire<OutboxKind>;
}

/** The call that sends this row, exactly as approved, with its own key. */
export function sendRequestOf(row: { kind: OutboxKind; payload: unknown; idempotencyKey: string }): SendRequest {
  return wireOf(row.kind).request(row.payload as Payloads[OutboxKind], row.idempotencyKey);
}
