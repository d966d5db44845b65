import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, type TransferRequest, type TransferResult } from '../../shared/service';
import { requireFunds, requireOpen, requireVirtualAccount } from '../accounts/guards';
import { move } from '../accounts/postings';
import { badRequest, conflict } from '../http/errors';
import type { World } from '../world/world';
import { recall, remember } from './idempotency';

/** The body as idempotency sees it: field order and absent-versus-missing do not matter. */
export function transferBodyHash(body: TransferRequest): string {
  const canonical = JSON.stringify([body.source, body.destination, body.amountCents, body.memo ?? null]);
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * POST /transfer/virtual-account and POST /virtual-account/transfer (one logic, one key space).
 *
 * Idempotency: a key that already made a transfer returns that transferId when the body is the
 * same, and 409 IDEMPOTENCY_KEY_REUSED when it differs, for as long as the key is remembered
 * (world.settings.idempotencyTtlMs on the simulated clock, 24 h by default). After that the key is
 * forgotten, as real services forget keys, and a resend is processed as a new transfer: money
 * moves again. Only successful transfers are remembered: a refused request (unknown account,
 * closed account, insufficient funds) records nothing, so repeating it gives the same error while
 * the cause lasts and succeeds once the cause is fixed (e.g. after funding the source) — it never
 * moves money twice within the window, because a success is remembered before this function
 * returns.
 *
 * Everything from the key lookup to storing the result runs synchronously, so concurrent requests
 * with one key cannot both pass the lookup.
 */
export function transfer(
  world: World,
  body: TransferRequest,
  headers: Record<string, string | undefined>,
  path: string,
): TransferResult {
  const key = headers[IDEMPOTENCY_HEADER];
  if (key === undefined) throw badRequest('X-Idempotency-Key header is required');
  const bodyHash = transferBodyHash(body);
  const seen = recall(world, key);
  if (seen) {
    if (seen.bodyHash === bodyHash) return { ...seen.result };
    throw conflict(
      'IDEMPOTENCY_KEY_REUSED',
      `X-Idempotency-Key ${key} was already used for a different transfer (${seen.result.transferId}); use a new key for a new transfer`,
      { idempotencyKey: key, transferId: seen.result.transferId },
    );
  }

  const source = requireVirtualAccount(world, body.source, 'source virtual account');
  const destination = requireVirtualAccount(world, body.destination, 'destination virtual account');
  requireOpen(source, 'source virtual account');
  requireOpen(destination, 'destination virtual account');
  requireFunds(world, source, body.amountCents);

  const atMs = world.clock.now();
  const transferId = world.ids.next('tr');
  move(world, {
    kind: 'transfer',
    atMs,
    from: source,
    to: destination,
    amountCents: body.amountCents,
    label: 'Transfer',
    memo: body.memo,
  });
  world.ledger.push({
    kind: 'transfer',
    id: transferId,
    at: new Date(atMs).toISOString(),
    idempotencyKey: key,
    amountCents: body.amountCents,
    source: source.id,
    destination: destination.id,
    path,
  });
  remember(world, key, { bodyHash, result: { transferId } });
  return { transferId };
}
