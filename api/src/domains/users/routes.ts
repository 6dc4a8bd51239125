import { currentUserSchema, updateCurrentUserRequestSchema } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { type Db, withTransaction } from '../../platform/db.js';
import { ApiError } from '../../platform/errors.js';
import { bearer, errorResponses } from '../../platform/route-schemas.js';
import { findUserById, updateProfile } from './repository.js';
import { toCurrentUser } from './user-view.js';

/** Spec §7: the signed-in user reads and patches itself; nobody else's profile is reachable here. */
export function userRoutes({ db, auth }: { db: Db; auth: AuthGuard }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/users/me',
      {
        // Spec §6: a suspended account may still read who it is (the suspended page shows it).
        onRequest: auth.guard({ allowSuspended: true }),
        schema: {
          tags: ['users'],
          summary: 'The signed-in user',
          security: bearer,
          response: { 200: currentUserSchema, ...errorResponses },
        },
      },
      async (request) => toCurrentUser(callerOf(request).user),
    );

    app.post(
      '/v1/users/me',
      {
        onRequest: auth.guard(),
        schema: {
          tags: ['users'],
          summary: 'Change the signed-in user’s name, country or city',
          security: bearer,
          body: updateCurrentUserRequestSchema,
          response: { 200: currentUserSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { user } = callerOf(request);
        const updated = await withTransaction(db, async (tx) => {
          await updateProfile(tx, user, request.body);
          return findUserById(tx, user.id);
        });
        if (!updated) throw new ApiError(404, 'NOT_FOUND', 'Cannot update unknown user');
        return toCurrentUser(updated);
      },
    );
  };
}
