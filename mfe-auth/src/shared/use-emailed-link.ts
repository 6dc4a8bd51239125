import type { EmailedLink } from '@tunehouse/shell-contract';
import { useSearchParams } from '@tunehouse/area-kit';

/** The challenge id and secret of an e-mailed link (activation, password reset), when this page was opened from one. */
export function useEmailedLink(): EmailedLink | null {
  const [search] = useSearchParams();
  const challengeId = search.get('challengeId');
  const secret = search.get('secret');
  return challengeId && secret ? { challengeId, secret } : null;
}
