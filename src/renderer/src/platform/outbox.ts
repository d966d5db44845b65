import type { Result } from '../../../shared/ipc';
import type { OutboxRow } from '../../../shared/outbox';
import { callMain } from './bridge';

/**
 * A row of this profile's solo outbox handed to main to send: the row itself (kind, payload
 * exactly as approved, key), never an endpoint. Main decides whether it may move money
 * (src/main/money) and answers with the service's reply.
 */
export function sendThroughMain(row: OutboxRow): Promise<Result<unknown>> {
  return callMain((api) =>
    api.outbox.send({
      profileId: row.profileId,
      rowId: row.id,
      kind: row.kind,
      payload: row.payload,
      idempotencyKey: row.idempotencyKey,
    }),
  );
}
