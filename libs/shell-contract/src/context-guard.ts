import { z } from 'zod';
import type { ApiErrorView, ShellContext } from './shell-context.js';

/**
 * Kept apart from the remote-module guard so an area, which only checks the context it is given, does not bundle
 * semver: only the shell decides version ranges.
 */
export const functionSchema = z.custom<(...args: never[]) => unknown>(
  (value) => typeof value === 'function',
  {
    message: 'Expected a function',
  },
);
const portOf = <K extends string>(...methods: K[]) =>
  z.object(
    Object.fromEntries(methods.map((method) => [method, functionSchema])) as Record<K, typeof functionSchema>,
  );

/** Runtime guard for the ShellContext a remote receives. */
export const shellContextSchema = z.object({
  contractVersion: z.string(),
  session: portOf(
    'current',
    'subscribe',
    'refresh',
    'logout',
    'patchUser',
    'login',
    'verify',
    'signup',
    'activateEmail',
    'requestPasswordReset',
    'resetPassword',
    'impersonate',
    'endImpersonation',
  ),
  api: portOf('request'),
  queryClient: portOf('getQueryCache', 'invalidateQueries', 'clear'),
  toasts: portOf('push', 'dismiss'),
  player: portOf('play', 'toggle', 'seek', 'reset', 'show', 'hide', 'minimize', 'maximize'),
  progress: portOf('start', 'done'),
  analytics: portOf('track'),
  // Since 1.5: optional, so an area still mounts in a 1.4 shell (and reports nothing there).
  errors: portOf('report').optional(),
  navigate: functionSchema,
  setPageMeta: functionSchema,
  config: z.object({
    apiBaseUrl: z.string(),
    supportEmail: z.string(),
    productName: z.string(),
    siteUrl: z.string(),
    helpLinks: z.record(z.string(), z.string()),
  }),
});

/** Validates the context a remote was mounted with; throws an error naming the first bad field path. */
export function parseShellContext(candidate: unknown): ShellContext {
  const parsed = shellContextSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid shell context at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  // The schema checks presence and kind of every member; the functions themselves stay the originals.
  return candidate as ShellContext;
}

/** Whether a thrown value is an API error an area can show (status, message, field issues). */
export function isApiError(error: unknown): error is ApiErrorView {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
