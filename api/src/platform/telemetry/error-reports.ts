// Reports server errors to a Sentry-compatible service (Sentry, GlitchTip) with its envelope protocol, when
// ERROR_REPORTING_DSN is set (docs/decisions/0086-traces-and-error-reporting.md). A report holds the error's
// type, message (e-mail addresses masked) and stack, the route template and method, the release, the request id
// and trace id, and the signed-in user's id: never a body, header, cookie, query string or e-mail address.
import { randomUUID } from 'node:crypto';
import { asError, envelopeBody, exceptionOf, parseDsn } from '@tunehouse/contracts';
import { z } from 'zod';

export const dsnSchema = z.string().refine((text) => parseDsn(text) !== null, {
  message: 'Expected a DSN like https://<key>@<host>/<project id>',
});

export type ErrorContext = {
  /** The route template (`/v1/artists/:id`), never the URL a caller sent. */
  route?: string | undefined;
  method?: string | undefined;
  status?: number | undefined;
  requestId?: string | undefined;
  traceId?: string | undefined;
  userId?: string | undefined;
};

export type ErrorReporter = {
  /** Sends one report; never throws, and gives up after a few seconds. */
  report(error: unknown, context?: ErrorContext): Promise<void>;
};

/** Stack frames as Sentry reads them: oldest call first. */
function framesOf(stack: string | undefined) {
  return (stack ?? '')
    .split('\n')
    .slice(1)
    .map((line) => /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, fn, filename, line, column]) => ({
      function: fn ?? '?',
      filename: filename!,
      lineno: Number(line),
      colno: Number(column),
      in_app: !filename!.includes('node_modules'),
    }))
    .reverse();
}

export function errorEvent(error: unknown, context: ErrorContext, release: string) {
  const failure = asError(error);
  const transaction = context.route ? `${context.method ?? ''} ${context.route}`.trim() : undefined;
  return {
    event_id: randomUUID().replaceAll('-', ''),
    timestamp: Date.now() / 1000,
    platform: 'node',
    level: 'error',
    logger: 'tunehouse-api',
    release,
    ...(transaction ? { transaction } : {}),
    tags: {
      ...(context.route ? { route: context.route } : {}),
      ...(context.method ? { method: context.method } : {}),
      ...(context.status ? { status: String(context.status) } : {}),
      ...(context.requestId ? { request_id: context.requestId } : {}),
      ...(context.traceId ? { trace_id: context.traceId } : {}),
    },
    ...(context.userId ? { user: { id: context.userId } } : {}),
    exception: exceptionOf(failure, framesOf(failure.stack)),
  };
}

export function createErrorReporter({
  dsn: dsnText,
  release,
  onFailure,
}: {
  dsn: string;
  release: string;
  /** A report that could not be sent (logged; never retried, never a request's failure). */
  onFailure?: (error: unknown) => void;
}): ErrorReporter {
  const dsn = parseDsn(dsnText);
  if (!dsn) throw new Error('ERROR_REPORTING_DSN is not a DSN');
  const auth = `Sentry sentry_version=7, sentry_key=${dsn.publicKey}, sentry_client=tunehouse-api/${release}`;
  return {
    async report(error, context = {}) {
      const event = errorEvent(error, context, release);
      const body = envelopeBody(event);
      try {
        const response = await fetch(dsn.envelopeUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': auth },
          body,
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) throw new Error(`The error-reporting service answered ${response.status}`);
      } catch (failure) {
        onFailure?.(failure);
      }
    },
  };
}
