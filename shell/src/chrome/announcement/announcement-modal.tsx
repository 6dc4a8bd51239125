import { css } from '@emotion/react';
import { useEffect, useRef } from 'react';
import { Button, colors, fonts, radius, zIndex } from '@tunehouse/ui';

const dialog = css`
  z-index: ${zIndex.dialog};
  max-width: 30rem;
  width: calc(100% - 2rem);
  padding: 1.75rem;
  border: none;
  border-radius: ${radius.large};
  color: ${colors.ink};
  font-family: ${fonts.body};
  box-shadow: 0 24px 48px rgb(0 0 0 / 0.25);
  &::backdrop {
    background: rgb(22 19 31 / 0.45);
  }
  h2 {
    margin: 0 0 0.75rem;
    font-size: 1.4rem;
  }
  p {
    line-height: 1.55;
    color: ${colors.inkSoft};
  }
`;

const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
`;

/**
 * The one-time royalty splits announcement. A native modal dialog: Escape closes it; so do a click on the backdrop
 * and focus leaving it, as for any dialog. Closing records it as seen.
 */
export function AnnouncementModal({
  onClose,
  guideUrl,
  onOpenSplits,
}: {
  onClose: () => void;
  guideUrl: string;
  /** Goes to the splits area (the modal closes first). */
  onOpenSplits: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element && !element.open) element.showModal();
    // showModal focuses the first focusable element (the guide link); the main action is the better start.
    confirm.current?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      css={dialog}
      aria-labelledby="announcement-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) ref.current?.close();
      }}
      onBlur={(event) => {
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node))
          ref.current?.close();
      }}
    >
      <h2 id="announcement-title">Introducing royalty splits</h2>
      <p>
        You can now set royalty splits for every release, at no extra cost to your contributors. Invite the
        people you made the music with and their share of the earnings goes straight to their wallet.
      </p>
      <p>
        <a href={guideUrl} target="_blank" rel="noreferrer">
          How royalty splits work
        </a>
      </p>
      <div css={actions}>
        <Button ref={confirm} onClick={() => ref.current?.close()}>
          Got it
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            ref.current?.close();
            onOpenSplits();
          }}
        >
          Set up a split
        </Button>
      </div>
    </dialog>
  );
}
