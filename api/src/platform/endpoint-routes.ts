import { type Endpoint, isNoBody, keyAccessOf } from '@tunehouse/contracts';
import type { AppRouteResponse, ServerInferRequest, ServerInferResponses } from '@ts-rest/core';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';
import type { AuthGuard } from './auth-guard.js';
import { operationIdOf } from './operation-ids.js';
import { binaryFile, errorResponses, noContent, securityOf } from './route-schemas.js';

/** The parsed request parts the endpoint defines, in place of Fastify's untyped ones. */
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: PartOf<ServerInferRequest<E>, 'params'>;
  query: PartOf<ServerInferRequest<E>, 'query'>;
  body: PartOf<ServerInferRequest<E>, 'body'>;
};
type PartOf<R, K extends string> = K extends keyof R ? R[K] : unknown;

/** An answer the endpoint defines: `{ status, body }` (body undefined for 204; a Buffer or stream for a file). */
export type EndpointAnswer<E extends Endpoint> = ServerInferResponses<E>;

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointAnswer<E>>;

/** What a route adds to its endpoint's definition: hooks after the access check, rate limits, body size. */
export interface RouteExtras {
  onRequest?: onRequestAsyncHookHandler[];
  preValidation?: RouteShorthandOptions['preValidation'];
  rateLimit?: unknown;
  bodyLimit?: number;
}

/** Marks a Fastify route as registered from an endpoint definition (the contract test reads it). */
export const ENDPOINT_CONFIG_KEY = 'endpoint';

/** The API domain whose routes registered a route (the coverage test checks it against the endpoint's group). */
export const DOMAIN_CONFIG_KEY = 'domain';

/**
 * The domain folder (`api/src/domains/<name>/`) of the file that called `endpointRegistrar`, read from the call
 * stack (frame 3: after the message line, this function and `endpointRegistrar`): a name the routes file cannot
 * get wrong, unlike one it passed in. Undefined outside a domain, or when a bundle has no such paths.
 */
function callingDomain(): string | undefined {
  const caller = new Error().stack?.split('\n')[3] ?? '';
  return /[/\\]domains[/\\]([a-z0-9-]+)[/\\]/.exec(caller)?.[1];
}

function responseSchema(response: AppRouteResponse): z.ZodType {
  if (isNoBody(response)) return noContent;
  if (response instanceof z.ZodType) return response;
  return z.any();
}

/**
 * A file answer's 200, keyed by its media type: /docs shows the type and a binary body. Fastify only runs a
 * response serializer for a payload it would turn into JSON, so the Buffer, stream or HTML string the route
 * sends still goes out as it is.
 */
function fileResponse(endpoint: Endpoint): Record<number, unknown> {
  const { fileType } = endpoint.metadata;
  if (fileType === undefined)
    throw new Error(`${endpoint.method} ${endpoint.path} answers a file of no media type`);
  const answer = (endpoint.responses as Record<number, AppRouteResponse>)[200];
  const description = (answer instanceof z.ZodType ? answer.description : undefined) ?? 'The file';
  const content = Object.fromEntries([fileType].flat().map((type) => [type, { schema: binaryFile }]));
  return { 200: { description, content } };
}

/** The access check an endpoint's `metadata.access` asks for, as the first onRequest hook. */
function accessHooks(endpoint: Endpoint, auth: AuthGuard): onRequestAsyncHookHandler[] {
  // A call that moves or routes money refuses an impersonating administrator (403 IMPERSONATION_READ_ONLY).
  const moneyRouting = endpoint.metadata.moneyRouting === true;
  // So does one that makes or changes an API key or webhook (docs/decisions/0090-report-loaded-and-admin-keys.md).
  const integrationWrite = endpoint.metadata.integrationWrite === true;
  // Whether an API key may call it, and with which scope (docs/decisions/0087-api-keys-and-scopes.md).
  const key = keyAccessOf(operationIdOf(endpoint), endpoint);
  switch (endpoint.metadata.access) {
    case 'public':
      if (moneyRouting)
        throw new Error(`${endpoint.method} ${endpoint.path}: a public call cannot be moneyRouting`);
      return [];
    case 'optional':
      if (moneyRouting)
        throw new Error(`${endpoint.method} ${endpoint.path}: an optional call cannot be moneyRouting`);
      return [auth.identify];
    case 'session':
      return [auth.guard({ moneyRouting, integrationWrite, key })];
    case 'pending':
      return [auth.guard({ allowPending: true, allowSuspended: true, moneyRouting, integrationWrite, key })];
    case 'suspended':
      return [auth.guard({ allowSuspended: true, moneyRouting, integrationWrite, key })];
    case 'admin':
      return [auth.guard({ adminOnly: true })];
  }
}

/**
 * Registers Fastify routes from endpoint definitions: path, request schemas (parsed, with field paths in 400s),
 * response schemas (answers parsed through them, so no column leaks), the access check and the OpenAPI
 * description all come from the endpoint; the handler answers `{ status, body }`.
 */
export function endpointRegistrar(app: FastifyInstance, auth: AuthGuard) {
  const domain = callingDomain();
  return function route<E extends Endpoint>(
    endpoint: E,
    handler: EndpointHandler<E>,
    extras: RouteExtras = {},
  ): void {
    const responses = Object.fromEntries(
      Object.entries(endpoint.responses as Record<number, AppRouteResponse>).map(([status, response]) => [
        status,
        responseSchema(response),
      ]),
    );
    const fileAnswer = endpoint.metadata.file === true;
    const config: Record<string, unknown> = { [ENDPOINT_CONFIG_KEY]: endpoint, [DOMAIN_CONFIG_KEY]: domain };
    if (extras.rateLimit !== undefined) config['rateLimit'] = extras.rateLimit;
    if (endpoint.metadata.botCheck) config['botCheck'] = endpoint.metadata.botCheck;
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config,
      onRequest: [...accessHooks(endpoint, auth), ...(extras.onRequest ?? [])],
      ...(extras.preValidation ? { preValidation: extras.preValidation } : {}),
      ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
      schema: {
        operationId: operationIdOf(endpoint),
        tags: [endpoint.metadata.tag].flat(),
        ...(endpoint.summary ? { summary: endpoint.summary } : {}),
        ...(endpoint.description ? { description: endpoint.description } : {}),
        ...securityOf(endpoint),
        // A multipart endpoint that does not insist on it (the album form) also takes its JSON part alone.
        ...(endpoint.metadata.multipart
          ? {
              consumes:
                'contentType' in endpoint && endpoint.contentType === 'multipart/form-data'
                  ? ['multipart/form-data']
                  : ['application/json', 'multipart/form-data'],
            }
          : {}),
        ...(endpoint.pathParams ? { params: endpoint.pathParams } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...('body' in endpoint && endpoint.body && !endpoint.metadata.multipart && !isNoBody(endpoint.body)
          ? { body: endpoint.body }
          : {}),
        response: fileAnswer
          ? { ...fileResponse(endpoint), ...errorResponses }
          : { ...responses, ...errorResponses },
      },
      handler: async (request, reply) => {
        const answer = (await handler(request as unknown as EndpointRequest<E>, reply)) as {
          status: number;
          body: unknown;
        };
        reply.code(answer.status);
        return answer.status === 204 ? reply.send(null) : reply.send(answer.body);
      },
    });
  };
}

export type EndpointRoute = ReturnType<typeof endpointRegistrar>;
