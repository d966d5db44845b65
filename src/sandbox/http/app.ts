import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ZodError, ZodType } from 'zod';
import { endpoints, IDEMPOTENCY_HEADER, type EndpointDef, type EndpointName } from '../../shared/service';
import type { RouteTable } from '../routes/types';
import type { World } from '../world/world';
import { ApiError, badRequest, validationError } from './errors';
import type { Faults } from './faults';
import type { LoggedRequest, RequestLog } from './request-log';

export const BODY_LIMIT_BYTES = 1_048_576;
export const ADMIN_PREFIX = '/__sandbox/';

export type Role = 'api' | 'vault' | 'admin';

export interface AppOptions {
  role: Role;
  world: World;
  faults: Faults;
  apiKey: string;
  routes: RouteTable;
  /** Registers the `/__sandbox/` admin routes on this app. */
  admin?: (app: FastifyInstance) => void;
  /** Check every response against the contract (a mismatch is a sandbox bug: 500). */
  validateResponses: boolean;
  /** Counts requests that reached a listener (tests prove a call never left the app). */
  stats?: { requests: number };
  /** Records every API and vault request with its outcome (admin routes are not recorded). */
  requests?: RequestLog;
}

/** The log entry of each request in flight, so the later hooks can write its outcome. */
const logged = new WeakMap<FastifyRequest, LoggedRequest>();

function markDropped(req: FastifyRequest, when: 'before-processing' | 'after-processing', atMs: number): void {
  const entry = logged.get(req);
  if (!entry) return;
  entry.dropped = when;
  entry.answeredAtMs = atMs;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function describeZod(error: ZodError): { message: string; issues: { path: string; message: string }[] } {
  const issues = error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'invalid request';
  return { message, issues };
}

function parseWith(schema: ZodType | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const { message, issues } = describeZod(result.error);
  throw validationError(`invalid ${where}: ${message}`, { issues });
}

function send(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.status).type('application/json').send(error.toBody());
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const fe = error as Partial<FastifyError>;
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return new ApiError(413, 'PAYLOAD_TOO_LARGE', `request body is larger than ${BODY_LIMIT_BYTES} bytes`);
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'send the body as application/json');
    }
    return new ApiError(fe.statusCode, fe.code ?? 'BAD_REQUEST', fe.message ?? 'bad request');
  }
  return new ApiError(500, 'INTERNAL', 'the sandbox failed to handle this request');
}

function registerEndpoint(app: FastifyInstance, name: EndpointName, def: EndpointDef, opts: AppOptions): void {
  const host = opts.role === 'vault' ? 'vault' : 'api';
  const handler = opts.routes[name] as (ctx: unknown) => unknown;
  app.route({
    method: def.method,
    url: def.path,
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const params = req.params as Record<string, string>;
      for (const [key, value] of Object.entries(params)) {
        if (!value) throw badRequest(`path parameter ${key} is empty`);
      }
      const query = parseWith(def.query, req.query ?? {}, 'query');
      let body: unknown;
      if (def.body) {
        if (req.body === undefined || req.body === null || typeof req.body !== 'object' || Array.isArray(req.body)) {
          throw badRequest('the request body must be a JSON object');
        }
        body = parseWith(def.body, req.body, 'body');
      }
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(',') : v;
      if (def.idempotent) {
        const key = headers[IDEMPOTENCY_HEADER];
        if (!key || key.trim() === '' || key.length > 255) {
          throw badRequest('X-Idempotency-Key header is required (a unique string of at most 255 characters)');
        }
      }
      const result = await handler({ params, query, body, headers, host, world: opts.world });
      if (opts.validateResponses) {
        const check = def.response.safeParse(result);
        if (!check.success) {
          req.log.error({ name, issues: check.error.issues }, 'sandbox response breaks the contract');
          throw new ApiError(
            500,
            'CONTRACT_VIOLATION',
            `sandbox response for ${name} breaks the contract: ${describeZod(check.error).message}`,
          );
        }
      }
      if (opts.faults.dropAfter()) {
        // Processed, then the connection dies before the answer leaves: the client cannot know.
        markDropped(req, 'after-processing', opts.world.clock.now());
        reply.hijack();
        req.raw.socket.destroy();
        return;
      }
      return reply.code(def.status).send(result);
    },
  });
}

/** Builds one listener's app: the API, the vault, or the admin-only listener. */
export function buildApp(opts: AppOptions): FastifyInstance {
  const app = Fastify({ bodyLimit: BODY_LIMIT_BYTES, logger: false, return503OnClosing: true });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => {
    const raw = typeof text === 'string' ? text : text.toString('utf8');
    if (raw.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(raw));
    } catch {
      done(badRequest('the request body is not valid JSON'), undefined);
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    if (opts.stats) opts.stats.requests += 1;
    const isAdmin = req.url.startsWith(ADMIN_PREFIX);
    if (!isAdmin && opts.role !== 'admin') {
      if (opts.requests) {
        const key = req.headers[IDEMPOTENCY_HEADER];
        logged.set(
          req,
          opts.requests.arrive({
            host: opts.role,
            atMs: opts.world.clock.now(),
            method: req.method,
            path: req.url.split('?')[0] ?? req.url,
            idempotencyKey: typeof key === 'string' ? key : null,
          }),
        );
      }
      await opts.faults.delay();
      const decision = opts.faults.decideBefore();
      if (decision === 'drop') {
        markDropped(req, 'before-processing', opts.world.clock.now());
        reply.hijack();
        req.raw.socket.destroy();
        return reply;
      }
      if (decision === 'rate-limit') {
        const seconds = opts.faults.current.retryAfterSeconds;
        reply.header('retry-after', String(seconds));
        return send(
          reply,
          new ApiError(429, 'RATE_LIMITED', `too many requests; retry after ${seconds} s`, {
            retryAfterSeconds: seconds,
          }),
        );
      }
      if (decision === 'error') {
        const { retryAfterOn503, retryAfterSeconds } = opts.faults.current;
        if (retryAfterOn503) reply.header('retry-after', String(retryAfterSeconds));
        return send(
          reply,
          new ApiError(
            503,
            'UNAVAILABLE',
            `the service is temporarily unavailable; try again${retryAfterOn503 ? ` after ${retryAfterSeconds} s` : ''}`,
          ),
        );
      }
    }
    const key = req.headers['x-api-key'];
    if (typeof key !== 'string' || key === '') {
      return send(reply, new ApiError(401, 'MISSING_API_KEY', 'the X-API-Key header is required'));
    }
    if (!sameSecret(key, opts.apiKey)) {
      return send(reply, new ApiError(401, 'INVALID_API_KEY', 'the API key is not valid'));
    }
    return undefined;
  });

  // Written as the answer leaves (not when it has finished): a Retry-After runs from here, and a
  // client that honours it cannot have sent its next request before this instant.
  app.addHook('onSend', async (req, reply) => {
    const entry = logged.get(req);
    if (!entry) return;
    entry.status = reply.statusCode;
    entry.answeredAtMs = opts.world.clock.now();
    const retryAfter = Number(reply.getHeader('retry-after'));
    if (Number.isFinite(retryAfter) && reply.hasHeader('retry-after')) entry.retryAfterMs = retryAfter * 1000;
  });

  app.setErrorHandler((error, req, reply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) req.log.error({ err: error }, 'sandbox error');
    return send(reply, apiError);
  });

  app.setNotFoundHandler((req, reply) =>
    send(
      reply,
      new ApiError(404, 'ROUTE_NOT_FOUND', `no route ${req.method} ${req.url.split('?')[0]} on the ${opts.role} host`),
    ),
  );

  if (opts.role !== 'admin') {
    for (const [name, def] of Object.entries(endpoints) as [EndpointName, EndpointDef][]) {
      if (opts.role === 'vault' && def.hosts !== 'api+vault') continue;
      registerEndpoint(app, name, def, opts);
    }
  }
  if (opts.admin && opts.role !== 'vault') opts.admin(app);
  return app;
}
