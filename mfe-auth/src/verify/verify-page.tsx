import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { css } from '@emotion/react';
import type { CurrentUser, VerificationStatus } from '@tunehouse/contracts';
import { currentUserQuery, Link, messageOf, usePageMeta, useSession, useShell } from '@tunehouse/area-kit';
import { Card, Notice, Page, badgeStyle, buttonStyles, colors, formatDate } from '@tunehouse/ui';
import { warnBadgeColor } from '../shared/badge-colors.js';
import { lede } from '../shared/auth-styles.js';
import { useReturnTarget } from '../shared/use-return-target.js';
import { verificationQuery } from './verification-query.js';
import { VerificationForm, type VerificationDraft } from './verification-form.js';

const column = css`
  max-width: 40rem;
`;

const statusSpacing = css`
  margin: 1.25rem 0;
`;

function draftFrom(user: CurrentUser | undefined): VerificationDraft {
  return {
    legalName: user ? `${user.firstName} ${user.lastName}`.trim() : '',
    dateOfBirth: '',
    addressLine: '',
    city: user?.account.city ?? '',
    postalCode: '',
    country: user?.account.country ?? '',
  };
}

function StatusNotice({ status, target }: { status: VerificationStatus; target: string }) {
  if (status.status === 'PENDING') {
    return (
      <Notice tone="info">
        <span css={badgeStyle(colors.info)}>PENDING</span> We are checking your details. This usually takes a
        few seconds; this page updates by itself.
      </Notice>
    );
  }
  if (status.status === 'APPROVED') {
    return (
      <>
        <Notice tone="success">
          <span css={badgeStyle(colors.success)}>APPROVED</span> Your identity is verified
          {status.decidedAt ? ` (on ${formatDate(status.decidedAt)})` : ''}. You can receive payouts.
        </Notice>
        {target !== '/' ? (
          <Link to={target} css={buttonStyles.primary}>
            Continue
          </Link>
        ) : (
          <Link to="/account">Back to account settings</Link>
        )}
      </>
    );
  }
  if (status.status === 'REJECTED') {
    return (
      <Notice tone="warn">
        <span css={badgeStyle(warnBadgeColor)}>REJECTED</span> We could not verify your identity
        {status.reason ? `: ${status.reason}` : '.'} Check your details and send them again.
      </Notice>
    );
  }
  return null;
}

/**
 * What the page shows: the API's status, except that an account whose `verifiedAt` is set is verified whatever an
 * older answer says — never the ID form again (docs/decisions/0069-demo-truth-and-wallet-errors.md).
 */
function shownStatus(
  fetched: VerificationStatus | undefined,
  verifiedAt: string | null | undefined,
): VerificationStatus | undefined {
  if (!verifiedAt || fetched?.status === 'APPROVED') return fetched;
  return { status: 'APPROVED', submittedAt: null, decidedAt: verifiedAt, reason: null };
}

/** `/account/verify` (optional `from`): identity details and an ID document, then the decision. */
export function VerifyPage() {
  usePageMeta('Verify your identity');
  const shell = useShell();
  const session = useSession();
  const queryClient = useQueryClient();
  const target = useReturnTarget();
  const userId = session?.user.id;
  const me = useQuery(currentUserQuery(shell.api, userId));
  const verification = useQuery(verificationQuery(shell.api, userId));
  const [draft, setDraft] = useState<VerificationDraft | null>(null);
  const readOnly = Boolean(session?.adminEmail);

  const shown = shownStatus(
    verification.data,
    me.data?.account.verifiedAt ?? session?.user.account.verifiedAt,
  );
  // Once a decision arrives, the user's account (verifiedAt) has changed: cached copies and the session too.
  const status = verification.data?.status;
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'PENDING' && status === 'APPROVED') {
      void queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
      void shell.session.refresh().catch(() => undefined);
    }
    previous.current = status;
  }, [status, queryClient, shell.session]);

  const canSubmit = shown?.status === 'NONE' || shown?.status === 'REJECTED';
  return (
    <Page title="Verify your identity">
      <div css={column}>
        {(canSubmit || (verification.isPending && !shown)) && (
          <p css={lede}>
            Payouts go only to people whose identity we know. Enter your details as your ID document shows
            them and add a photo or scan of the document. We keep it private and use it only for this check.
          </p>
        )}
        {verification.isPending && !shown && <p role="status">Loading…</p>}
        {verification.isError && !shown && <Notice tone="error">{messageOf(verification.error)}</Notice>}
        {shown && (
          <div css={statusSpacing}>
            <StatusNotice status={shown} target={target} />
          </div>
        )}
        {canSubmit && readOnly && (
          <Notice tone="info">
            You are viewing this account as an administrator: only its owner can verify their identity.
          </Notice>
        )}
        {canSubmit && !readOnly && (me.data || me.isError) && (
          <Card title="Your details" id="identity-details">
            <VerificationForm userId={userId} initial={draft ?? draftFrom(me.data)} onSubmitted={setDraft} />
          </Card>
        )}
      </div>
    </Page>
  );
}
