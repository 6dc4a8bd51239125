import { InvalidValueError } from '@tunehouse/api-client';
import { type Session, sessionSchema } from '@tunehouse/contracts';
import { SESSION_WARNINGS } from './errors.js';
import type { ManagerContext } from './manager-context.js';

/** Takes a session obtained elsewhere (an admin impersonation answer); it is parsed strictly. */
export function adopt(ctx: ManagerContext, input: unknown): Session {
  const parsed = sessionSchema.safeParse(input);
  if (!parsed.success) {
    const error = new InvalidValueError(
      parsed.error.issues.map((issue) => ({
        path: issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment))),
        message: issue.message,
      })),
    );
    ctx.logger.warn(SESSION_WARNINGS.parse, error);
    throw error;
  }
  ctx.store.set(parsed.data);
  return parsed.data;
}
