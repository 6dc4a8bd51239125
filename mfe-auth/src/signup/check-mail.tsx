import { css } from '@emotion/react';
import { Link } from '@tunehouse/area-kit';
import { Button, Notice } from '@tunehouse/ui';
import { afterForm, formActions, lede } from '../shared/auth-styles.js';
import { withFrom } from '../shared/use-return-target.js';

const address = css`
  /* A long address must wrap on a 375 px screen rather than push the page sideways. */
  overflow-wrap: anywhere;
`;

const helpList = css`
  margin: 0.5rem 0 0;
  padding-left: 1.25rem;
  line-height: 1.55;
  li + li {
    margin-top: 0.35rem;
  }
`;

const subheading = css`
  font-size: 1.05rem;
  margin: 1.5rem 0 0;
`;

/**
 * After sign-up. Sign-up answers the same whether or not the address has an account
 * (docs/decisions/0067-uniform-sign-up.md), so this page cannot know which mail went out and says what each says.
 * There is no "send again" call for a visitor; asking for a new password is the way to a fresh link.
 */
export function CheckMail({
  email,
  from,
  onChangeAddress,
}: {
  email: string;
  from: string;
  onChangeAddress: () => void;
}) {
  return (
    <>
      <Notice tone="success">
        We sent a message to <strong css={address}>{email}</strong>.
      </Notice>
      <p css={lede}>
        Open the link in it to confirm your address and log in
        {from === '/' ? '' : '; it brings you back to where you were'}. The link works for 7 days. If this
        address already has an account, the message says how to get into it instead.
      </p>
      <h2 css={subheading}>No message?</h2>
      <ul css={helpList}>
        <li>It can take a few minutes. Look in your spam or junk folder too.</li>
        <li>
          Still nothing after a while? <Link to="/auth/forgot">Ask for a new password</Link>: its link
          confirms the address as well.
        </li>
      </ul>
      <div css={formActions}>
        <Button variant="secondary" onClick={onChangeAddress}>
          Use a different address
        </Button>
      </div>
      <p css={afterForm}>
        Confirmed already? <Link to={withFrom('/auth/login', from)}>Log in</Link>
      </p>
    </>
  );
}
