import { ApiError } from '../http/errors';

/** Placeholder while a route is being written; never left in a finished table. */
export function notImplemented(name: string): () => never {
  return () => {
    throw new ApiError(501, 'NOT_IMPLEMENTED', `${name} is not implemented in the sandbox yet`);
  };
}
