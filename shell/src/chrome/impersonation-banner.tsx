import { css } from '@emotion/react';
import { useState } from 'react';
import type { SessionView } from '@tunehouse/shell-contract';
import { badgeStyle, colors, fonts, zIndex } from '@tunehouse/ui';
import { displayName } from './header/user-menu.js';

const bar = css`
  position: sticky;
  top: 0;
  z-index: ${zIndex.adminHeader};
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 1rem;
  flex-wrap: wrap;
  padding: 0.45rem 1rem;
  background: ${colors.ink};
  color: ${colors.paper};
  font: 0.9rem ${fonts.body};
  button {
    padding: 0.3rem 0.8rem;
    border: 1px solid ${colors.paper};
    border-radius: 999px;
    background: transparent;
    color: ${colors.paper};
    font: 600 0.85rem ${fonts.body};
    cursor: pointer;
  }
  button:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;

/**
 * Shown while an admin views the product as a user. 'Back to admin' ends that session and goes to the saved
 * return route (home when ending it fails).
 */
export function ImpersonationBanner({
  session,
  onBack,
}: {
  session: SessionView;
  onBack: () => Promise<void>;
}) {
  const [leaving, setLeaving] = useState(false);
  return (
    <div css={bar} role="region" aria-label="Admin view">
      <span>
        Logged in as {displayName(session)} – ({session.user.email})
      </span>
      {session.isSuspended && <span css={badgeStyle(colors.danger)}>SUSPENDED</span>}
      <button
        type="button"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void onBack().finally(() => setLeaving(false));
        }}
      >
        Back to admin
      </button>
    </div>
  );
}
