import type { FieldIssue } from '@tunehouse/contracts';

/** Where an error came from: the request as the client sent it. */
export interface RequestInfo {
  method: string;
  path: string;
}

/**
 * The common base of every error the API client throws. `status` is the HTTP status to report: the
 * response's for an {@link HttpError}, 500 for everything that has no usable response (network failure, bad
 * status, unparseable or unexpected body). `responseStatus` is the status actually received, when there was one.
 */
export class ApiClientError extends Error {
  readonly status: number;
  readonly responseStatus: number | undefined;
  readonly request: RequestInfo | undefined;

  constructor(
    message: string,
    options: { status?: number; responseStatus?: number; request?: RequestInfo; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.status = options.status ?? 500;
    this.responseStatus = options.responseStatus;
    this.request = options.request;
  }
}

/** The request never got an answer (offline, DNS, CORS refusal, connection reset). */
export class NetworkError extends ApiClientError {
  constructor(options: { request?: RequestInfo; cause?: unknown } = {}) {
    super('Network request failed', options);
  }
}

/**
 * The HTTP error wrapper: an answer with status 400-599. `code`, `message` and `details` are the server's
 * `{ error: { code, message, details } }` body; a body of another shape gives code `UNKNOWN` and a generic
 * message. `status` is 500 when the error was built without a response.
 */
export class HttpError extends ApiClientError {
  readonly code: string;
  readonly details: FieldIssue[];
  /** The answer's Retry-After in milliseconds, when it sent one. */
  readonly retryAfterMs: number | undefined;

  constructor(
    options: {
      status?: number;
      code?: string;
      message?: string;
      details?: FieldIssue[];
      retryAfterMs?: number;
      request?: RequestInfo;
      cause?: unknown;
    } = {},
  ) {
    const status = options.status ?? 500;
    super(options.message ?? `Request failed with status ${status}`, {
      status,
      ...(options.status === undefined ? {} : { responseStatus: options.status }),
      ...(options.request ? { request: options.request } : {}),
      cause: options.cause,
    });
    this.code = options.code ?? 'UNKNOWN';
    this.details = options.details ?? [];
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** 'Invalid response status': a status outside 200-599, or a 1xx/3xx that fetch handed back. */
export class InvalidResponseStatusError extends ApiClientError {
  constructor(responseStatus: number, options: { request?: RequestInfo } = {}) {
    super('Invalid response status', { responseStatus, ...options });
  }
}

/** A 2xx answer whose body is not JSON. */
export class ResponseParseError extends ApiClientError {
  constructor(options: { responseStatus?: number; request?: RequestInfo; cause?: unknown } = {}) {
    super('Failed to parse response body', options);
  }
}

/**
 * The answer does not match the expected shape. The message names the field path of the first
 * issue (`user.account.id: Invalid input`); `path` is that path and `issues` all of them.
 */
export class InvalidValueError extends ApiClientError {
  readonly path: string;
  readonly issues: FieldIssue[];

  constructor(
    issues: FieldIssue[],
    options: { responseStatus?: number; request?: RequestInfo; cause?: unknown } = {},
  ) {
    const first = issues[0] ?? { path: [], message: 'Invalid value' };
    const path = formatPath(first.path);
    super(`${path}: ${first.message}`, options);
    this.path = path;
    this.issues = issues;
  }
}

/** `['user', 'account', 'id']` → `user.account.id`; `['items', 0, 'id']` → `items[0].id`; `[]` → `(root)`. */
export function formatPath(path: ReadonlyArray<string | number>): string {
  if (path.length === 0) return '(root)';
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? segment : `.${segment}`;
  }
  return text;
}
