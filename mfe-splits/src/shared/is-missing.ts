import { isApiError } from '@tunehouse/shell-contract';

/** A load refused for good (not there, not the user's, a malformed address): the error page, not a retry. */
export const isMissing = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500;
