import type { AppRoute, AppRouter, ContractNoBody } from '@ts-rest/core';
import { z } from 'zod';
import { BOT_CHECKED_POSTS } from '../bot-check.js';

/**
 * Every endpoint of the API is defined once, as a ts-rest route (`endpoint`, exported by its group file): method, path (`:param` segments), path params,
 * query, body, headers and responses by status, plus `metadata` saying who may call it. The API registers its
 * Fastify route from that definition, the areas and the session library call it through `call`, tests build
 * requests from it, and /docs is generated from the registered routes. See docs/how-to-add-an-endpoint.md.
 */
export function endpointGroup<const T extends AppRouter>(routes: T): T {
  return routes;
}

/**
 * One endpoint, as a group file exports it (`export const list = endpoint({...})`): the group is the file's module
 * namespace, so a bundle keeps only the endpoints a page calls, not its whole group. Identity at run time; the
 * `const` type parameter keeps the literal method and path ts-rest's types need.
 */
export function endpoint<const T extends AppRoute>(route: T): T {
  return route;
}

/**
 * Who may call an endpoint:
 * - `public`: anyone, no session read;
 * - `optional`: anyone; a valid session, when sent, is noted (analytics);
 * - `session`: a signed-in, active, unsuspended session (admins and impersonation pass the suspension check);
 * - `pending`: as `session`, and also a session still waiting for its second step;
 * - `suspended`: as `session`, and also a suspended account's own session (it may read itself and sign out);
 * - `admin`: an administrator's own session, never an impersonation.
 */
export const ACCESS_LEVELS = ['public', 'optional', 'session', 'pending', 'suspended', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

const mediaTypeSchema = /*#__PURE__*/ z.string().regex(/^[a-z]+\/([a-z0-9.+-]+|\*)$/);

const endpointMetadataFields = /*#__PURE__*/ z.object({
  access: z.enum(ACCESS_LEVELS),
  /** The bot-check action whose token the request carries in the `x-bot-check` header. */
  botCheck: z.enum(BOT_CHECKED_POSTS.map(({ action }) => action)).optional(),
  /** OpenAPI tag, or tags when the endpoint belongs to more than one group of /docs. */
  tag: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  /**
   * The request body is multipart/form-data (uploads); the route reads its parts itself. Without
   * `contentType: 'multipart/form-data'` the route also takes an application/json body (the album form).
   */
  multipart: z.boolean().optional(),
  /** The 200 answer is a file (PDF, image, audio, HTML page), not JSON. */
  file: z.boolean().optional(),
  /**
   * The media type of that file (`application/pdf`, or `image/*` when it varies within a family), which /docs
   * gives as the 200 answer's content; a list when a query parameter chooses between formats (CSV or PDF).
   */
  fileType: z.union([mediaTypeSchema, z.array(mediaTypeSchema).min(1)]).optional(),
  /**
   * The call moves money or decides where it goes (splits and their invites, payouts, payout methods, billing
   * details, payments). An administrator impersonating the user may read but never call it: the API answers 403
   * IMPERSONATION_READ_ONLY before the handler runs (docs/decisions/0061-impersonation-and-split-invites.md).
   */
  moneyRouting: z.literal(true).optional(),
  /**
   * The call makes, changes or ends an API key or a webhook endpoint: a way into or out of the account that outlives
   * the session. An administrator impersonating the user may read them but not call this (403
   * IMPERSONATION_READ_ONLY); they revoke keys from their own session (docs/decisions/0090-report-loaded-and-admin-keys.md).
   */
  integrationWrite: z.literal(true).optional(),
  /**
   * Headers of the success answer that carry part of it, by name, with what they say: /docs shows them, the API
   * lets a browser on another origin read them (CORS), and a caller reads them through `onResponseHeaders`.
   * (The installed @ts-rest/core has no `responseHeaders` of its own.)
   */
  /**
   * API keys (docs/decisions/0087-api-keys-and-scopes.md): the scope a key needs, when not its group's resource
   * plus `read`/`write` (`endpoints/scopes.ts`).
   */
  scope: z
    .string()
    .regex(/^[a-z]+:[a-z]+$/)
    .optional(),
  /** No API key may call this, whatever its scopes (a person's own security: password, second step, sessions). */
  keys: z.literal('never').optional(),
  responseHeaders: z.record(z.string().regex(/^[A-Za-z0-9-]+$/), z.string().min(1)).optional(),
});

/** Every file answer names its media type, and only a file answer has one. */
export const endpointMetadataSchema = /*#__PURE__*/ endpointMetadataFields.refine(
  (metadata) => (metadata.file === true) === (metadata.fileType !== undefined),
  {
    message: 'A file answer names its media type (fileType), and only a file answer has one',
    path: ['fileType'],
  },
);
export type EndpointMetadata = z.infer<typeof endpointMetadataSchema>;

/** A defined endpoint: a ts-rest route whose metadata says who may call it. */
export type Endpoint = AppRoute & { metadata: EndpointMetadata };

/** `metadata` typed as {@link EndpointMetadata} (ts-rest leaves it `unknown`). */
export const meta = <const M extends EndpointMetadata>(metadata: M): M => metadata;

/**
 * The body of a 204, or of a request that sends none. Typed as ts-rest's marker so its type inference reads it as
 * "no body"; the value is our own, so that no ts-rest code runs in the browser (only its types are used).
 */
export const noBody: typeof ContractNoBody = Symbol('noBody') as unknown as typeof ContractNoBody;

/** Whether a response or request body definition is {@link noBody}. */
export const isNoBody = (definition: unknown): boolean => definition === noBody;

/** A multipart/form-data request body: the route reads its parts itself. */
export const formDataBody = /*#__PURE__*/ z.custom<FormData>(
  (value) => typeof FormData !== 'undefined' && value instanceof FormData,
);

/** Every endpoint in a (nested) router, with its dotted name (`releases.albums.get`). */
export function flattenEndpoints(router: AppRouter, prefix = ''): Array<[string, Endpoint]> {
  return Object.entries(router).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return isRoute(value) ? [[name, value as Endpoint] as [string, Endpoint]] : flattenEndpoints(value, name);
  });
}

function isRoute(value: AppRoute | AppRouter): value is AppRoute {
  return typeof (value as AppRoute).method === 'string' && typeof (value as AppRoute).path === 'string';
}
