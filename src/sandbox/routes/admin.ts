import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SimulatedAuthorization } from '../../shared/service';
import { validationError } from '../http/errors';
import { FaultSettingsInput, type Faults } from '../http/faults';
import { RequestLogQuery, type RequestLog } from '../http/request-log';
import { authorize } from '../simulation/authorizations';
import { followUpPurchase, PurchaseFollowUp } from '../simulation/purchase-follow-ups';
import { catchUp } from '../simulation/tick';
import type { World } from '../world/world';

const ClockAdvance = z
  .object({
    advanceMs: z
      .number()
      .int()
      .min(0)
      .max(10 * 366 * 86_400_000)
      .optional(),
    advanceDays: z.number().int().min(0).max(3660).optional(),
  })
  .refine(
    (b) => (b.advanceMs === undefined) !== (b.advanceDays === undefined),
    'send exactly one of advanceMs or advanceDays',
  );

const HOUR_MS = 3_600_000;
const MAX_IDEMPOTENCY_TTL_HOURS = 366 * 24;

/** Unknown fields are refused, so a misspelt setting is an error rather than a silent no-op. */
const SettingsUpdate = z
  .strictObject({
    idempotencyTtlMs: z
      .number()
      .int()
      .min(1)
      .max(MAX_IDEMPOTENCY_TTL_HOURS * HOUR_MS)
      .optional(),
    idempotencyTtlHours: z.number().positive().max(MAX_IDEMPOTENCY_TTL_HOURS).optional(),
  })
  .refine(
    (b) => (b.idempotencyTtlMs === undefined) !== (b.idempotencyTtlHours === undefined),
    'send exactly one of idempotencyTtlMs or idempotencyTtlHours',
  );

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const first = result.error.issues[0];
  throw validationError(`invalid body: ${first ? `${first.path.join('.')} ${first.message}`.trim() : 'bad input'}`, {
    issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

export interface AdminDeps {
  world: World;
  faults: Faults;
  /** Applies `offline` to the listeners (closing or reopening them). */
  applyOffline: (offline: boolean) => Promise<void>;
  requests: RequestLog;
}

/** The `/__sandbox/` admin routes: simulate the world and inject faults. Never faulted themselves. */
export function registerAdminRoutes(deps: AdminDeps) {
  return (app: FastifyInstance): void => {
    app.post('/__sandbox/authorizations', async (req) => {
      const input = parse(SimulatedAuthorization, req.body);
      catchUp(deps.world);
      return authorize(deps.world, input);
    });

    app.post<{ Params: { transactionId: string } }>('/__sandbox/transactions/:transactionId/follow-up', async (req) => {
      const body = parse(PurchaseFollowUp, req.body);
      catchUp(deps.world);
      return followUpPurchase(deps.world, req.params.transactionId, body);
    });

    app.post('/__sandbox/clock', async (req) => {
      const body = parse(ClockAdvance, req.body);
      deps.world.clock.advance(body.advanceMs ?? (body.advanceDays ?? 0) * 86_400_000);
      const applied = catchUp(deps.world);
      return { now: deps.world.clock.iso(), ...applied };
    });

    app.get('/__sandbox/clock', async () => ({ now: deps.world.clock.iso() }));

    app.get('/__sandbox/settings', async () => ({ ...deps.world.settings }));

    app.post('/__sandbox/settings', async (req) => {
      const body = parse(SettingsUpdate, req.body);
      deps.world.settings.idempotencyTtlMs =
        body.idempotencyTtlMs ?? Math.max(1, Math.round((body.idempotencyTtlHours ?? 0) * HOUR_MS));
      return { ...deps.world.settings };
    });

    app.get('/__sandbox/faults', async () => deps.faults.current);

    app.post('/__sandbox/faults', async (req, reply) => {
      const settings = deps.faults.set(parse(FaultSettingsInput, req.body));
      // Answer first, then go offline: the caller learns the setting took effect.
      reply.raw.once('finish', () => void deps.applyOffline(settings.offline));
      return settings;
    });

    app.delete('/__sandbox/faults', async () => {
      const settings = deps.faults.reset();
      await deps.applyOffline(false);
      return settings;
    });

    app.get('/__sandbox/ledger', async () => ({ items: deps.world.ledger, count: deps.world.ledger.length }));

    app.get('/__sandbox/requests', async (req) => deps.requests.page(parse(RequestLogQuery, req.query)));
  };
}
