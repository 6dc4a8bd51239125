import { useEffect } from 'react';
import { useShell } from './shell-react-context.js';

/**
 * Sets the document title and description through the shell while the calling page is shown; `minWidth` asks for
 * the layout's minimum width (wide tables, label copy).
 */
export function usePageMeta(title: string, description?: string, options: { minWidth?: boolean } = {}): void {
  const shell = useShell();
  const { minWidth } = options;
  useEffect(() => {
    shell.setPageMeta({ title, description, minWidth });
  }, [shell, title, description, minWidth]);
}
