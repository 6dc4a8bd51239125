import compress from '@fastify/compress';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { BOT_CHECK_HEADER } from '@tunehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { webhookOpenApi } from '../domains/webhooks/index.js';
import type { AppConfig } from '../platform/config.js';
import { declaredResponseHeaders, withResponseHeaders } from '../platform/response-headers.js';
import { securitySchemes } from '../platform/route-schemas.js';
import { addSecurityHeaders } from '../platform/security-headers.js';

/** The plugins in front of every route: security headers, CORS, compression and the OpenAPI document at /docs. */
export async function registerHttpPlugins(app: FastifyInstance, config: AppConfig): Promise<void> {
  // Helmet's headers, computed once rather than per request (docs/decisions/0050-api-hot-path.md).
  addSecurityHeaders(app, {
    // The API answers JSON; only the /docs page needs to run scripts and styles, from its own origin.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        // Local installs serve /docs over plain HTTP; upgrading its requests would break the page.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || config.corsOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // Calls that must count once (the admin's period close) send an Idempotency-Key from the shell's origin.
    // `traceparent`: the shell's W3C trace context, continued by the API's spans when tracing is on.
    allowedHeaders: [
      'authorization',
      'content-type',
      'x-request-id',
      'idempotency-key',
      'traceparent',
      BOT_CHECK_HEADER,
    ],
    // What an answer carries beside its body (endpoint metadata.responseHeaders) must be readable by the areas.
    exposedHeaders: [
      'retry-after',
      'x-request-id',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      ...declaredResponseHeaders(),
    ],
    maxAge: 600,
  });

  // JSON answers over 1 KB leave brotli- or gzip-encoded, as the client accepts (a phone's network is the slow
  // part, decision 0064); media, files and event streams are not JSON and pass as they are.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tunehouse API',
        version: '0.1.0',
        description:
          'Errors are always `{ error: { code, message, details? } }`; validation details name field paths.',
      },
      components: {
        securitySchemes,
      },
      // The events sent to accounts' endpoints (docs/decisions/0088-webhooks.md). Cast: openapi-types' 3.1 path
      // item does not take the JSON Schema zod writes, though 3.1 means exactly that schema dialect.
      webhooks: webhookOpenApi() as never,
    },
    transform: withResponseHeaders(
      createJsonSchemaTransform({
        skipList: ['/docs', '/docs/', '/docs/json', '/docs/yaml', '/docs/static/*', '/docs/*'],
        // Contracts default some fields with one-way transforms; documented as the value they carry.
        zodToJsonConfig: { unrepresentable: 'any' },
      }),
    ),
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
