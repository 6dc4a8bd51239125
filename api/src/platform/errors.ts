import type { ApiErrorBody, ApiErrorCode, FieldIssue } from '@tunehouse/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-unavailable.js';
import type { ErrorReporter } from './telemetry/error-reports.js';
import { traceLogFields } from './telemetry/hooks.js';

/** An error whose status, code and message are safe to show the caller. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: FieldIssue[],
    /** Seconds, sent as Retry-After (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A request part that failed its zod schema; `issues` keep zod's paths as arrays. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly part: string,
    readonly issues: FieldIssue[],
  ) {
    super(`Invalid ${part}`);
    this.name = 'RequestValidationError';
  }
}

const STATUS_CODES: Record<number, ApiErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  423: 'LOCKED',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** Messages of Fastify's own client errors (bad JSON, wrong content type, ...) name no internals. */
const SAFE_FASTIFY_CODES = /^FST_ERR_CTP_|^FST_ERR_VALIDATION$|^FST_ERR_NOT_FOUND$/;

export function toErrorBody(error: unknown): { status: number; body: ApiErrorBody; retryAfter?: number } {
  if (error instanceof ApiError) {
    return {
      status: error.statusCode,
      body: {
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
      },
      ...(error.retryAfterSeconds !== undefined ? { retryAfter: error.retryAfterSeconds } : {}),
    };
  }
  if (error instanceof RequestValidationError) {
    return {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: `The request ${error.part} is invalid`,
          details: error.issues,
        },
      },
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const safe = typeof fastifyError.code === 'string' && SAFE_FASTIFY_CODES.test(fastifyError.code);
    return {
      status,
      body: {
        error: {
          code: STATUS_CODES[status] ?? 'BAD_REQUEST',
          message: safe && fastifyError.message ? fastifyError.message : 'The request was refused',
        },
      },
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: {
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'Tunehouse is briefly unavailable; please try again in a few seconds',
        },
      },
      retryAfter: DATABASE_RETRY_AFTER_SECONDS,
    };
  }
  return {
    status: 500,
    body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side; please try again' } },
  };
}

/** The one error handler: every error leaves as `{ error: { code, message, details? } }`, never a stack. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const { status, body, retryAfter } = toErrorBody(error);
  if (status === 503) request.log.warn({ err: error }, 'database unavailable');
  else if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: body.error.code, status }, body.error.message);
  if (retryAfter !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfter))));
  return reply.status(status).send(body);
}

/**
 * handleError, and each 500 reported (ERROR_REPORTING_DSN) with the route template and the caller's user id.
 * 503s (the database away) are an outage the operator sees in the logs and metrics, not a bug to report.
 */
export function handleErrorReporting(reporter: ErrorReporter) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (toErrorBody(error).status === 500) {
      void reporter.report(error, {
        route: request.routeOptions.url,
        method: request.method,
        status: 500,
        requestId: request.id,
        traceId: traceLogFields().trace_id,
        userId: request.auth?.user.id,
      });
    }
    return handleError(error, request, reply);
  };
}

export function handleNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?', 1)[0];
  const body: ApiErrorBody = {
    error: { code: 'NOT_FOUND', message: `No route ${request.method} ${path}` },
  };
  return reply.status(404).send(body);
}

/**
 * Errors the router raises before any route or hook runs (a path parameter over the length limit, a broken
 * percent-encoding): the one error shape, without echoing the path. Headers that hooks would add are set here.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const body: ApiErrorBody = {
    error: {
      code: 'BAD_REQUEST',
      message: tooLong ? 'A part of the path is too long' : 'The URL is not valid',
    },
  };
  request.log.info({ code: error.code }, body.error.message);
  return reply
    .status(tooLong ? 414 : 400)
    .header('x-request-id', request.id)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(body);
}
