import type { ErrorBody } from '../../shared/service';

/**
 * An error the sandbox answers with: the reference contract's error body
 * (`message`, `name`, `identifier`, `rawStatus`, optional `meta`) and its HTTP status.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly identifier: string,
    message: string,
    readonly meta?: Record<string, unknown>,
  ) {
    super(message);
    this.name = NAMES[status] ?? 'Error';
  }

  toBody(): ErrorBody {
    return {
      message: this.message,
      name: this.name,
      identifier: this.identifier,
      rawStatus: this.status,
      ...(this.meta ? { meta: this.meta } : {}),
    };
  }
}

const NAMES: Record<number, string> = {
  400: 'BadRequestError',
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  409: 'ConflictError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
  422: 'UnprocessableEntityError',
  429: 'TooManyRequestsError',
  500: 'InternalServerError',
  503: 'ServiceUnavailableError',
};

export const badRequest = (message: string, meta?: Record<string, unknown>) =>
  new ApiError(400, 'BAD_REQUEST', message, meta);
export const validationError = (message: string, meta?: Record<string, unknown>) =>
  new ApiError(400, 'VALIDATION_ERROR', message, meta);
export const notFound = (what: string, id: string) =>
  new ApiError(404, 'NOT_FOUND', `${what} ${id} was not found`, { id });
export const conflict = (identifier: string, message: string, meta?: Record<string, unknown>) =>
  new ApiError(409, identifier, message, meta);
export const unprocessable = (identifier: string, message: string, meta?: Record<string, unknown>) =>
  new ApiError(422, identifier, message, meta);
