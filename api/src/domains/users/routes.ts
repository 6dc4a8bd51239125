import { endpoints } from '@tunehouse/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuard, callerOf } from '../../platform/auth-guard.js';
import { endpointRegistrar } from '../../platform/endpoint-routes.js';
import type { UserService } from './service.js';
import { toCurrentUser } from './user-view.js';

/** The signed-in user reads and changes itself; nobody else's profile is reachable here. */
export function userRoutes({ users, auth }: { users: UserService; auth: AuthGuard }): FastifyPluginAsyncZod {
  return async (app) => {
    const route = endpointRegistrar(app, auth);
    const api = endpoints.users;

    route(api.me, async (request) => ({ status: 200, body: toCurrentUser(callerOf(request).user) }));
    route(api.update, async (request) => ({
      status: 200,
      body: await users.updateOwnProfile(callerOf(request).user, request.body),
    }));
  };
}
