import type { ApiClient } from '@tunehouse/api-client';
import { call, endpoints, type SignupRequest, signupRequestSchema } from '@tunehouse/contracts';

/*
 * The session port's calls whose contracts a page load does not need (the sign-up form's schema, the admin
 * endpoints): create-session.ts loads this module on their first use, so their zod schemas are not built at start
 * (issue 25's start work).
 */

/** The sign-up fields, checked against the contract's schema before they leave. */
export const parseSignup = (fields: unknown): SignupRequest => signupRequestSchema.parse(fields);

/** Asks the API for a session as the user (admin only; the answer is parsed by the endpoint's schema). */
export const requestImpersonation = (api: ApiClient, userId: string | number) =>
  call(api, endpoints.admin.impersonate, { body: { userId: String(userId) } });
