import { z } from 'zod';
import { boundedJson, boundedRecord } from '../bounded-json';
import { endpoints, pathParamProblem, type EndpointName, type ResponseOf, type ServiceArgs } from '../service';
import { channel } from './define';
import type { Result } from './result';
import { ProfileId, RequestId } from './schemas';

/** The query flags that ask the vault for a card's number and code. */
const REVEAL_FLAGS = ['include_pan', 'include_cvv'] as const;

const endpointNames = Object.keys(endpoints) as [EndpointName, ...EndpointName[]];

const PathParam = z
  .string()
  .max(200)
  .superRefine((value, ctx) => {
    const problem = pathParamProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `a path parameter ${problem}` });
  });

// Far above what any endpoint takes (one path parameter, a dozen filters, a spending constraint
// of a few thousand values), far below what would keep main busy: a compromised page's
// ten-million-key object is refused before anything looks at its keys.
const MAX_PARAMS = 8;
const MAX_QUERY_KEYS = 50;
const BODY_LIMITS = { maxValues: 50_000, maxDepth: 32 };

/**
 * One channel carries every ServiceClient call of the API host. Every call names the profile it
 * belongs to, so a sync page or a send finishes against its own profile whichever is on screen,
 * and a request id, so it can be canceled. Main validates the endpoint name, then the
 * ServiceClient validates params, query and body with the endpoint's own schemas. Vault calls
 * (PAN/CVV) are deliberately not reachable here.
 */
export const ServiceCallArg = z.strictObject({
  profileId: ProfileId,
  requestId: RequestId,
  endpoint: z.enum(endpointNames),
  params: boundedRecord(z.string(), PathParam, MAX_PARAMS).optional(),
  query: boundedRecord(z.string(), z.string().max(2000), MAX_QUERY_KEYS)
    .superRefine((query, ctx) => {
      // Defence in depth: this channel never reaches the vault and the client strips what comes
      // back, but a reveal flag here would still be a request for secrets outside the reveal
      // channel (and its audit), so it is refused outright.
      for (const flag of REVEAL_FLAGS) {
        if (Object.prototype.hasOwnProperty.call(query, flag)) {
          ctx.addIssue({
            code: 'custom',
            path: [flag],
            message:
              'card numbers and codes are revealed only with the Reveal button (cards:reveal), never through a service call',
          });
        }
      }
    })
    .optional(),
  body: boundedJson(BODY_LIMITS).optional(),
  idempotencyKey: z.string().min(1).max(255).optional(),
});
export type ServiceCallArg = z.infer<typeof ServiceCallArg>;

export interface CancelResult {
  /** False when no read with that id was in flight (it finished, or it is a write). */
  canceled: boolean;
}

export const serviceChannels = {
  'service:call': channel<unknown>()(ServiceCallArg),
  /** Aborts a read in flight. Writes are never canceled: once sent, their outcome must be known. */
  'service:cancel': channel<CancelResult>()(z.strictObject({ requestId: RequestId })),
} as const;

/** The typed form of `service:call` for one endpoint, as the renderer writes it. */
export type ServiceCallInput<N extends EndpointName> = {
  profileId: string;
  requestId: string;
  endpoint: N;
} & ServiceArgs<N>;

/** `treasury.service.call`, narrowed per endpoint: the arguments it needs, the response it gives. */
export type ServiceCaller = <N extends EndpointName>(arg: ServiceCallInput<N>) => Promise<Result<ResponseOf<N>>>;
