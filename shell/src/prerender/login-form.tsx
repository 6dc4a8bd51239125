import { css } from '@emotion/react';
import { Button, NarrowColumn, TextField, colors } from '@tunehouse/ui';
import { ShellLink } from '../chrome/shell-link.js';
import { KEEPS_FROM_ATTRIBUTE, signupHrefFor } from './signup-link.js';
import { PRERENDERED_FORM_ATTRIBUTE, SUBMIT_REQUESTED_ATTRIBUTE } from './login-handover.js';

// As mfe-auth/src/shared/auth-styles.ts.
const lede = css`
  color: ${colors.inkSoft};
  line-height: 1.55;
  margin: 0;
`;
const formActions = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 1rem;
  flex-wrap: wrap;
  margin-top: 1.25rem;
`;
const afterForm = css`
  margin-top: 2rem;
  padding-top: 1.25rem;
  border-top: 1px solid ${colors.border};
  color: ${colors.inkSoft};
`;

/**
 * The sign-in form as the build draws it into login.html, so `/auth/login` paints and can be filled in before any
 * of the shell or the auth area has run (docs/decisions/0082-layout-shift-and-startup-work.md, "/auth/login before
 * the shell"). The same markup as mfe-auth's `login-page.tsx` draws at `/auth/login` — texts, field names, types,
 * autocomplete, links and layout — so that the area's form takes its place without the page moving
 * (`e2e/tests/sign-in-before-shell.spec.ts` compares the two). It sends nothing itself: the area's form, which
 * replaces it once the area is mounted (login-handover.ts), carries the bot check, the session and the second step.
 *
 * `method="post"`: a submit before any script runs must not put the password in the address; the
 * Content-Security-Policy's `form-action 'none'` (tools/start/security-headers.mjs) stops the post itself.
 */
export function PrerenderedLoginForm() {
  return (
    <NarrowColumn>
      <h1>Log in</h1>
      <p css={lede}>Welcome back. Log in to manage your releases, splits and earnings.</p>
      <form
        method="post"
        noValidate
        aria-label="Log in"
        {...{ [PRERENDERED_FORM_ATTRIBUTE]: '' }}
        // start-on-interest.js marks a submit made before the shell ran on this element, before React hydrates it.
        suppressHydrationWarning
        onSubmit={(event) => {
          // Kept until the area's form is there, which then sends it (login-handover.ts).
          event.preventDefault();
          event.currentTarget.setAttribute(SUBMIT_REQUESTED_ATTRIBUTE, '');
        }}
      >
        <TextField label="E-mail address" type="email" autoComplete="email" name="email" />
        <TextField label="Password" type="password" autoComplete="current-password" name="password" />
        <div css={formActions}>
          <Button type="submit">Log in</Button>
          <ShellLink href="/auth/forgot">Forgot your password?</ShellLink>
        </div>
      </form>
      <p css={afterForm}>
        New to Tunehouse?{' '}
        <ShellLink
          // The build draws it without `from`; start-on-interest.js adds it to the markup, React to the click.
          href={typeof window === 'undefined' ? '/auth/signup' : signupHrefFor(window.location.search)}
          {...{ [KEEPS_FROM_ATTRIBUTE]: '' }}
          suppressHydrationWarning
        >
          Create an account
        </ShellLink>
      </p>
    </NarrowColumn>
  );
}
