import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { AppConfig } from '../platform/config.js';
import { closeConnectionsAnsweredEarly } from '../platform/early-refusal.js';
import {
  handleError,
  handleErrorReporting,
  handleFrameworkError,
  handleNotFound,
} from '../platform/errors.js';
import { createErrorReporter } from '../platform/telemetry/error-reports.js';
import { apiVersion } from '../platform/telemetry/version.js';
import { recordRoutes } from '../platform/route-table.js';
import { serializerCompiler, validatorCompiler } from '../platform/zod-compilers.js';

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * The Fastify instance with what every route shares: request ids, the zod compilers, the error answers, the
 * route table and the request decorations the auth guard and the bot check fill in.
 */
export function createHttpApp(config: AppConfig, logger: FastifyBaseLogger | undefined): FastifyInstance {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // A caller's (or proxy's) request id is kept so that logs line up across services.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: handleFrameworkError,
  });

  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(
    config.errorReportingDsn
      ? handleErrorReporting(
          createErrorReporter({
            dsn: config.errorReportingDsn,
            release: `tunehouse-api@${apiVersion()}`,
            onFailure: (error) => app.log.warn({ err: error }, 'error report not sent'),
          }),
        )
      : handleError,
  );
  app.setNotFoundHandler(handleNotFound);
  app.decorate('publicApiUrl', config.publicApiUrl);
  app.decorateRequest('auth', null);
  app.decorateRequest('botCheck', 'not-required');
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  closeConnectionsAnsweredEarly(app);
  return app;
}
