import { useSyncExternalStore } from 'react';
import type { SessionView } from '@tunehouse/shell-contract';
import { Notice } from '@tunehouse/ui';
import { useShell } from './shell-react-context.js';

/** The shell's session, re-rendering when it changes. */
export function useSession(): SessionView | null {
  const { session } = useShell();
  return useSyncExternalStore(session.subscribe, session.current, session.current);
}

/** Who an administrator is viewing the product as: the user's name, or null when this is nobody's impersonation. */
export function useViewingAs(): string | null {
  const session = useSession();
  if (!session?.adminEmail) return null;
  const { firstName, lastName, email } = session.user;
  return `${firstName} ${lastName}`.trim() || email;
}

/**
 * Why money cannot be changed here: an administrator viewing as the user may read their money but not move it or
 * change where it goes (the API answers 403 IMPERSONATION_READ_ONLY; docs/decisions/0061-impersonation-and-split-invites.md).
 */
export const moneyReadOnlyReason = (viewingAs: string) =>
  `You are viewing as ${viewingAs}: money can't be changed while impersonating.`;

/** The reason, said once at the top of a page whose money controls are disabled; nothing when not impersonating. */
export function MoneyReadOnlyNotice() {
  const viewingAs = useViewingAs();
  return viewingAs ? <Notice tone="info">{moneyReadOnlyReason(viewingAs)}</Notice> : null;
}
