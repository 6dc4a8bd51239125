import { useEffect } from 'react';
import { useShell } from './shell-react-context.js';

/** Sets the document title and description through the shell while the calling page is shown. */
export function usePageMeta(title: string, description?: string): void {
  const shell = useShell();
  useEffect(() => {
    shell.setPageMeta({ title, description });
  }, [shell, title, description]);
}
