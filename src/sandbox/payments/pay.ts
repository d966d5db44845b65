import type { PayRequest, PayResult, SvcHandle } from '../../shared/service';
import { forbidden, requireFunds, requireOpen, requireVirtualAccount } from '../accounts/guards';
import { post } from '../accounts/postings';
import { badRequest, notFound } from '../http/errors';
import type { SvcHandleRecord } from '../world/records';
import type { World } from '../world/world';

export function publicSvcHandle(h: SvcHandleRecord): SvcHandle {
  return { id: h.id, svcHandle: h.svcHandle, name: h.name, accountId: h.accountId };
}

export function ownSvcHandle(world: World): SvcHandleRecord {
  const own = world.svcHandles.get(world.ownSvcHandleId);
  if (!own) throw new Error(`the world has no own svc handle ${world.ownSvcHandleId}`);
  return own;
}

/** A handle is the caller's when it is the key's own or sends from one of its legal entity's accounts. */
function belongsToCaller(world: World, h: SvcHandleRecord): boolean {
  return h.id === world.ownSvcHandleId || world.accounts.get(h.accountId)?.legalEntityId === world.legalEntity.id;
}

/** Payee usernames are matched without a leading "@" and without regard to case. */
function findByHandle(world: World, handle: string): SvcHandleRecord | undefined {
  const wanted = handle.replace(/^@/, '').toLowerCase();
  for (const h of world.svcHandles.values()) if (h.svcHandle.toLowerCase() === wanted) return h;
  return undefined;
}

function resolveSource(world: World, body: PayRequest): SvcHandleRecord {
  if (body.legalEntityId !== undefined && body.legalEntityId !== world.legalEntity.id) {
    throw forbidden(
      `this API key belongs to legal entity ${world.legalEntity.id}; it cannot pay on behalf of ${body.legalEntityId}`,
      { legalEntityId: body.legalEntityId },
    );
  }
  if (body.sourceSvcHandleId === undefined) return ownSvcHandle(world);
  const source = world.svcHandles.get(body.sourceSvcHandleId);
  if (!source) throw notFound('source svc handle', body.sourceSvcHandleId);
  if (!belongsToCaller(world, source)) {
    throw forbidden(
      `svc handle ${source.id} (@${source.svcHandle}) is not one of this legal entity's; pay from your own handle`,
      { sourceSvcHandleId: source.id },
    );
  }
  return source;
}

/**
 * POST /pay. The contract documents no idempotency for it, so none is simulated: two identical
 * requests are two payments (clients must not blindly retry a payment whose answer they lost).
 * A key the client sends anyway is only written to the ledger, so tests can tell whose payment
 * each entry is and count duplicates.
 * A payment debits the source's virtual account (the primary one for the key's own handle); when
 * the payee is a handle with a virtual account in this world, that account is credited too.
 */
export function pay(world: World, body: PayRequest, clientKey?: string): PayResult {
  const source = resolveSource(world, body);
  const payee = findByHandle(world, body.svcHandle);
  if (!payee) throw notFound('svc handle', body.svcHandle);
  if (payee.id === source.id) throw badRequest(`cannot pay @${payee.svcHandle} from itself; choose another payee`);

  const sourceVa = requireVirtualAccount(
    world,
    source.virtualAccountId ?? world.primaryVirtualAccountId,
    'source virtual account',
  );
  requireOpen(sourceVa, 'source virtual account');
  const payeeVa =
    payee.virtualAccountId === undefined
      ? undefined
      : requireVirtualAccount(world, payee.virtualAccountId, 'payee virtual account');
  if (payeeVa) requireOpen(payeeVa, 'payee virtual account');
  requireFunds(world, sourceVa, body.amountCents);

  const atMs = world.clock.now();
  post(world, {
    kind: 'payment',
    atMs,
    va: sourceVa,
    amountCents: -body.amountCents,
    description: `Payment to ${payee.name} (@${payee.svcHandle})`,
  });
  if (payeeVa)
    post(world, {
      kind: 'payment',
      atMs,
      va: payeeVa,
      amountCents: body.amountCents,
      description: `Payment from ${source.name} (@${source.svcHandle})`,
    });
  world.ledger.push({
    kind: 'payment',
    id: world.ids.next('pay'),
    at: new Date(atMs).toISOString(),
    amountCents: body.amountCents,
    source: sourceVa.id,
    destination: payee.id,
    path: '/pay',
    ...(clientKey ? { idempotencyKey: clientKey } : {}),
  });
  return { success: true };
}
