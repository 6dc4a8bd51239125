import { fieldErrorsOf, messageOf } from '@tunehouse/area-kit';

/**
 * The message of a refused upload with the reasons the API gave: a 422 lists every problem it found in the file
 * (decision 0033), e.g. "The audio cannot be used: The audio is mono; stereo is needed".
 */
export function uploadMessage(error: unknown): string {
  const reasons = Object.values(fieldErrorsOf(error));
  const message = messageOf(error);
  return reasons.length > 0 && !reasons.includes(message) ? `${message}: ${reasons.join('; ')}` : message;
}
