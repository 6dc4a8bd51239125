import type { ReactNode } from 'react';
import type { SerializedStyles } from '@emotion/react';
import { useShell } from '@tunehouse/area-kit';

/**
 * A link to a page of another area (the releases list): the shell navigates, so the other area mounts; a
 * modified click (new tab) stays the browser's.
 */
export function ShellLink({
  to,
  children,
  style,
}: {
  to: string;
  children: ReactNode;
  style?: SerializedStyles;
}) {
  const shell = useShell();
  return (
    <a
      href={to}
      css={style}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        shell.navigate(to);
      }}
    >
      {children}
    </a>
  );
}
