import { createContext, useContext } from 'react';
import type { ShellContext } from '@tunehouse/shell-contract';

const ShellReactContext = createContext<ShellContext | null>(null);

export const ShellProvider = ShellReactContext.Provider;

/** The ShellContext the area was mounted with. */
export function useShell(): ShellContext {
  const shell = useContext(ShellReactContext);
  if (shell === null) throw new Error('useShell() called outside an area mounted by the shell');
  return shell;
}
