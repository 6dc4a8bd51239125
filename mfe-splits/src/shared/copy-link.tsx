import { css } from '@emotion/react';
import { useShell } from '@tunehouse/area-kit';
import { Button, colors, radius } from '@tunehouse/ui';

const rowStyle = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  margin: 0.5rem 0;
  code {
    flex: 1 1 16rem;
    min-width: 0;
    overflow-wrap: anywhere;
    padding: 0.4rem 0.6rem;
    border-radius: ${radius.small};
    background: ${colors.surface};
  }
`;

/** A link the user sends on themselves (an invite), readable in full and copied with one press. */
export function CopyLink({ url, label }: { url: string; label: string }) {
  const shell = useShell();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      shell.toasts.push(`${label} copied.`, 'SUCCESS');
    } catch {
      shell.toasts.push(`${label} could not be copied; select it and copy it yourself.`, 'WARN');
    }
  };
  return (
    <div css={rowStyle}>
      <code>{url}</code>
      <Button variant="secondary" aria-label={`Copy ${label.toLowerCase()}`} onClick={() => void copy()}>
        Copy
      </Button>
    </div>
  );
}
