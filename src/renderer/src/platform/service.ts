import type { EndpointName, ResponseOf } from '../../../shared/service';
import type { Result, ServiceCallInput } from '../../../shared/ipc';
import { callMain } from './bridge';

/** What a service call takes from the renderer: the endpoint's own arguments, typed per endpoint. */
export type ServiceRequest<N extends EndpointName> = Omit<ServiceCallInput<N>, 'profileId' | 'requestId' | 'endpoint'>;

export interface CallOptions {
  /** Aborting cancels a read in main (`service:cancel`); a write is never canceled once sent. */
  signal?: AbortSignal;
}

let counter = 0;
/** Unique within this page load; main only needs it to find the call again to cancel it. */
function newRequestId(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Runs a call to main under a fresh request id that aborting `signal` cancels in main
 * (`service:cancel`); an already aborted signal sends nothing.
 */
export async function cancellable<T>(
  signal: AbortSignal | undefined,
  call: (requestId: string) => Promise<Result<T>>,
): Promise<Result<T>> {
  const requestId = newRequestId();
  if (signal?.aborted) return canceled();
  const onAbort = () => void callMain((api) => api.service.cancel({ requestId }));
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await call(requestId);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The renderer's one way to call the service: always for a named profile, so a sync page or a
 * send finishes against the profile it belongs to, whichever profile is on screen.
 */
export async function serviceCall<N extends EndpointName>(
  profileId: string,
  endpoint: N,
  request: ServiceRequest<N>,
  options: CallOptions = {},
): Promise<Result<ResponseOf<N>>> {
  return cancellable(options.signal, (requestId) => {
    // The spread of a per-endpoint request cannot be proven to fit the union by the checker;
    // it is exactly ServiceCallInput<N> with the three fields added here.
    const arg = { ...request, profileId, requestId, endpoint } as ServiceCallInput<N>;
    return callMain((api) => api.service.call(arg));
  });
}

function canceled<T>(): Result<T> {
  return {
    ok: false,
    error: {
      code: 'service',
      message: 'The request was canceled.',
      service: { kind: 'canceled', retryable: false, sentRequest: false },
    },
  };
}
