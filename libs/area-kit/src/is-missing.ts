import { isApiError } from '@tunehouse/shell-contract';

/**
 * A load refused for good (a release, period, invoice or payment that is not there or not the user's, a malformed
 * id): the page becomes the shell's error page with its status, not an inline retry that cannot help. Server and
 * network failures stay inline with Try again (docs/decisions/0069-demo-truth-and-wallet-errors.md).
 */
export const isMissing = (error: unknown): boolean =>
  isApiError(error) && error.status >= 400 && error.status < 500;
