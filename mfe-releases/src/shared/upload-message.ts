import { fieldErrorsOf, messageOf } from '@tunehouse/area-kit';

/**
 * The message of a refused upload with the reasons the API gave: a 422 lists every problem it found in the file
 * (decision 0033), e.g. "The audio cannot be used: The audio is mono; stereo is needed".
 */
export function uploadMessage(error: unknown): string {
  return withReasons(messageOf(error), fieldErrorsOf(error));
}

/** The same sentence from a message and the field reasons, as a `useApiForm` keeps them. */
export function withReasons(message: string, fieldErrors: Record<string, string>): string {
  const reasons = Object.values(fieldErrors);
  return reasons.length > 0 && !reasons.includes(message) ? `${message}: ${reasons.join('; ')}` : message;
}
