import { useQuery } from '@tanstack/react-query';
import { css } from '@emotion/react';
import { currentUserQuery, Link, messageOf, usePageMeta, useSession, useShell } from '@tunehouse/area-kit';
import { Card, Notice, Page, badgeStyle, colors, formatDate } from '@tunehouse/ui';
import { EmailSection } from './email-form.js';
import { PasswordForm } from './password-form.js';
import { ProfileForm } from './profile-form.js';
import { SecondStepSection } from './second-step.js';
import { SessionsSection } from './sessions-card.js';
import { WebhooksSection } from './webhooks-card.js';

/** Fields as wide as a line of text, not the page; the sessions table keeps the card's width. */
const readableForms = css`
  form {
    max-width: 36rem;
  }
`;

/**
 * Account settings: the user's details, how they sign in, their sessions, webhooks (docs/decisions/0088-webhooks.md)
 * and identity verification.
 */
export function AccountPage() {
  usePageMeta('Account settings');
  const shell = useShell();
  const session = useSession();
  const me = useQuery(currentUserQuery(shell.api, session?.user.id));
  // An administrator viewing as the user sees how they sign in but cannot change it (the API refuses too).
  const readOnly = Boolean(session?.adminEmail);

  return (
    <Page title="Account settings">
      <div css={readableForms}>
        {me.isPending && <p role="status">Loading your account…</p>}
        {me.isError && <Notice tone="error">{messageOf(me.error)}</Notice>}
        {me.data && (
          <>
            <Card title="Your details" id="details">
              <ProfileForm key={String(me.data.id)} user={me.data} />
            </Card>
            {readOnly && (
              <Notice tone="info">
                You are viewing this account as an administrator: its e-mail address, password, second step
                and sessions can only be changed by its owner.
              </Notice>
            )}
            <Card title="E-mail address" id="email">
              <EmailSection user={me.data} readOnly={readOnly} />
            </Card>
            {!readOnly && (
              <Card title="Password" id="password">
                <PasswordForm />
              </Card>
            )}
            <Card title="Second-step verification" id="second-step">
              <SecondStepSection user={me.data} readOnly={readOnly} />
            </Card>
            <Card title="Active sessions" id="sessions">
              <SessionsSection userId={me.data.id} readOnly={readOnly} />
            </Card>
            {!readOnly && (
              <Card title="API keys" id="api-keys">
                <p>
                  Keys let your own programs use the Tunehouse API as this account.{' '}
                  <Link to="/account/api-keys">Manage API keys</Link>
                </p>
              </Card>
            )}
            <Card title="Webhooks" id="webhooks">
              <WebhooksSection readOnly={readOnly} />
            </Card>
            <Card title="Identity" id="identity">
              {me.data.account.verifiedAt ? (
                <p>
                  <span css={badgeStyle(colors.success)}>VERIFIED</span> Your identity was verified on{' '}
                  {formatDate(me.data.account.verifiedAt)}.
                </p>
              ) : (
                <p>
                  Payouts need a verified identity.{' '}
                  <Link to="/account/verify?from=%2Faccount">Verify your identity</Link>
                </p>
              )}
            </Card>
          </>
        )}
      </div>
    </Page>
  );
}
