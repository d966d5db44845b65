export { createServiceClient, DEFAULT_READ_RETRIES, DEFAULT_TIMEOUT_MS } from './service-client';
export type {
  ListAllOptions,
  ProbeResult,
  RevealCardArgs,
  RevealedCard,
  ServiceClient,
  ServiceClientExtras,
  ServiceClientOptions,
  ServiceOutcome,
} from './service-client';
export type { CallArgs, EndpointMethod, EndpointMethods, ListEndpointName } from './call-args';
export { isRetryable, isServiceError, parseRetryAfter, ServiceError, serviceFailure } from './service-error';
export type { SentRequest, ServiceErrorInit, ServiceErrorKind } from './service-error';
export type { FetchLike } from './attempt';
export type { Sleep } from './retry';
