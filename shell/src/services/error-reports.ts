import type { ErrorReportContext, ErrorReportPort } from '@tunehouse/shell-contract';

/**
 * The shell's error reports (shell contract 1.5, docs/decisions/0086-traces-and-error-reporting.md): a no-op
 * without a DSN. With one, the code that builds and sends the envelope (error-envelope.ts) is its own chunk,
 * fetched at the first report, so a visit without errors downloads none of it.
 */
export function createErrorReports({
  dsn,
  userId,
}: {
  dsn: string | undefined;
  /** The signed-in user's id, the one thing about the person a report carries. */
  userId: () => string | number | undefined;
}): ErrorReportPort {
  if (!dsn) return { report: () => undefined };
  return {
    report(error: unknown, context: ErrorReportContext) {
      const user = userId();
      void import('./error-envelope.js')
        .then(({ sendErrorReport }) =>
          sendErrorReport(dsn, error, {
            ...context,
            ...(user === undefined ? {} : { userId: String(user) }),
          }),
        )
        .catch(() => undefined);
    },
  };
}
