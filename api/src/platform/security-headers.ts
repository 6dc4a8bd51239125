import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's answer headers, worked out once. Helmet's headers depend only on its options, never on the request;
 * the Fastify plugin nevertheless built a new helmet (parsing the CSP directives again) and two hook closures for
 * every request, a tenth of what a session-checked GET cost (docs/decisions/0050-api-hot-path.md).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Sends helmet's headers on every answer, errors and 404s included: a synchronous onRequest hook (no promise per
 * request) setting the headers computed once. A route's own header (the media files' cross-origin resource
 * policy) still wins, as it is set later.
 */
export function addSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
