/**
 * Typed errors of the service client. `code` is the `swap-error` code the widget reports
 * for them (see the public interface).
 */

export type ApiErrorCode = 'network' | 'service' | 'bad-response';

export abstract class ApiError extends Error {
  abstract readonly code: ApiErrorCode;
  /** The endpoint path that failed (`/v1/quote`). */
  readonly path: string;
  constructor(message: string, path: string, options?: { cause?: unknown }) {
    super(message, options);
    this.path = path;
  }
}

/** No answer: the connection failed, or the client's time-out ran out. */
export class NetworkError extends ApiError {
  readonly code = 'network' as const;
  override readonly name = 'NetworkError';
  readonly timeout: boolean;
  constructor(message: string, path: string, timeout: boolean, options?: { cause?: unknown }) {
    super(message, path, options);
    this.timeout = timeout;
  }
}

export interface ProblemFieldError {
  readonly field?: string;
  readonly message: string;
  readonly code?: string;
}

/** An error status from the service, with what its problem+json body said. */
export class ServiceError extends ApiError {
  readonly code = 'service' as const;
  override readonly name = 'ServiceError';
  readonly status: number;
  /** The problem's `detail`, or its `title`, or the status text. */
  readonly detail: string;
  readonly errors: readonly ProblemFieldError[];
  readonly traceId?: string;
  /** From `Retry-After` on 429 and 503, in milliseconds. */
  readonly retryAfterMs?: number;
  constructor(
    path: string,
    init: {
      status: number;
      detail: string;
      errors?: readonly ProblemFieldError[];
      traceId?: string;
      retryAfterMs?: number;
    },
  ) {
    super(init.detail, path);
    this.status = init.status;
    this.detail = init.detail;
    this.errors = init.errors ?? [];
    if (init.traceId !== undefined) this.traceId = init.traceId;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
  }
}

/** An answer that is not JSON or fails its schema. */
export class BadResponseError extends ApiError {
  readonly code = 'bad-response' as const;
  override readonly name = 'BadResponseError';
  /** Where and how the body failed, one line each (`routes: expected array`). */
  readonly issues: readonly string[];
  constructor(path: string, issues: readonly string[]) {
    super(`The service sent an answer the widget cannot read (${issues.slice(0, 3).join('; ')})`, path);
    this.issues = issues;
  }
}

/** The abort came from the caller (a newer request replaced this one): not an error to show. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
