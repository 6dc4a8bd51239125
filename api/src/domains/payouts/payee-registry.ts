import type { PayeeRegistry } from '../billing/index.js';
import { type PayoutProvider, PayoutRejectedError } from './provider.js';

/**
 * The provider's `addRecipient` as the billing domain asks for it: a refusal for good (an invalid account) is
 * answered as its reason; anything else (a timeout, a 5xx) is thrown on.
 */
export function payeeRegistryOf(provider: PayoutProvider): PayeeRegistry {
  return {
    name: provider.name,
    async register(details, signal) {
      try {
        return await provider.addRecipient(details, signal);
      } catch (error) {
        if (error instanceof PayoutRejectedError) return { refused: error.reason };
        throw error;
      }
    },
  };
}
