import { useSyncExternalStore } from 'react';
import type { SessionView } from '@tunehouse/shell-contract';
import { useShell } from '@tunehouse/area-kit';

/** The shell's session, re-rendering when it changes. */
export function useSession(): SessionView | null {
  const { session } = useShell();
  return useSyncExternalStore(session.subscribe, session.current, session.current);
}
