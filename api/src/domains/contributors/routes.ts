import {
  contributorListQuerySchema,
  contributorPageSchema,
  contributorParamsSchema,
  contributorSchema,
  createContributorRequestSchema,
  updateContributorRequestSchema,
} from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import type { Db } from '../../platform/db.js';
import { bearer, errorResponses, noContent } from '../../platform/route-schemas.js';
import { type ContributorService, createContributorService } from './service.js';

/**
 * Contributors of the signed-in account. The spec names the entity but not its calls; the paths follow the
 * artists' (docs/decisions/0031-artists-api.md).
 */
export function contributorRoutes({
  db,
  auth,
  contributors = createContributorService({ db }),
}: {
  db: Db;
  auth: AuthGuard;
  contributors?: ContributorService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = auth.guard();
    const accountOf = (request: FastifyRequest) => callerOf(request).user.account.id;
    const tags = ['contributors'];

    app.get(
      '/v2/contributors',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'The account’s contributors, paged (default: name ascending), filtered by q and role',
          security: bearer,
          querystring: contributorListQuerySchema,
          response: { 200: contributorPageSchema, ...errorResponses },
        },
      },
      async (request) => contributors.list(accountOf(request), request.query),
    );

    app.get(
      '/v1/contributors/:id',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'One of the account’s contributors',
          security: bearer,
          params: contributorParamsSchema,
          response: { 200: contributorSchema, ...errorResponses },
        },
      },
      async (request) => contributors.get(accountOf(request), request.params.id),
    );

    app.post(
      '/v1/contributors',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Create a contributor: name, credit role, optional publisher',
          security: bearer,
          body: createContributorRequestSchema,
          response: { 201: contributorSchema, ...errorResponses },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await contributors.create(accountOf(request), request.body)),
    );

    app.post(
      '/v1/contributors/:id',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Update a contributor: absent fields unchanged; publisher null removes it',
          security: bearer,
          params: contributorParamsSchema,
          body: updateContributorRequestSchema,
          response: { 200: contributorSchema, ...errorResponses },
        },
      },
      async (request) => contributors.update(accountOf(request), request.params.id, request.body),
    );

    app.delete(
      '/v1/contributors/:id',
      {
        onRequest: signedIn,
        schema: {
          tags,
          summary: 'Delete a contributor (409 while it is credited on a delivered release)',
          security: bearer,
          params: contributorParamsSchema,
          response: { 204: noContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        await contributors.remove(accountOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
