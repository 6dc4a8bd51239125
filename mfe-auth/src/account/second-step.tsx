import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { css } from '@emotion/react';
import QRCode from 'qrcode';
import type { z } from 'zod';
import {
  call,
  confirmTotpRequestSchema,
  disableSecondStepRequestSchema,
  endpoints,
  type CurrentUser,
  type TotpEnrolment,
} from '@tunehouse/contracts';
import { applyFieldErrors, useApiForm } from '@tunehouse/area-kit';
import { Button, Notice, TextField, badgeStyle, colors, fonts, mq, radius } from '@tunehouse/ui';
import { formActions, lede } from '../shared/auth-styles.js';
import { storeCurrentUser } from './account-queries.js';

const setupStyle = css`
  display: grid;
  gap: 1.25rem;
  margin-top: 1rem;
  ${mq('tablet')} {
    grid-template-columns: auto 1fr;
    align-items: start;
  }
  img {
    display: block;
    width: 200px;
    height: 200px;
    border: 1px solid ${colors.border};
    border-radius: ${radius.medium};
    background: #fff;
  }
  ol {
    margin: 0 0 1rem;
    padding-left: 1.25rem;
    line-height: 1.6;
  }
`;

const startAligned = css`
  justify-content: flex-start;
`;

const secretStyle = css`
  display: inline-block;
  font-family: ${fonts.mono};
  font-size: 0.95rem;
  letter-spacing: 0.05em;
  background: ${colors.surface};
  border-radius: ${radius.small};
  padding: 0.25rem 0.5rem;
  word-break: break-all;
`;

/** The authenticator app's key as a QR code: an SVG data URL made here, so the secret never leaves the page. */
function useQrCode(otpauthUrl: string): string | null {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((svg) => {
        if (live) setDataUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (live) setDataUrl(null);
      });
    return () => {
      live = false;
    };
  }, [otpauthUrl]);
  return dataUrl;
}

const METHOD_LABEL = {
  totp: 'a code from an authenticator app',
  email: 'a code sent to your e-mail address',
} as const;

/** Second-step verification: turn on with an authenticator app (QR code, confirmed by a first code), or off. */
export function SecondStepSection({ user, readOnly }: { user: CurrentUser; readOnly: boolean }) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const enrol = useApiForm({
    send: (_: void, api) => call(api, endpoints.accountSecurity.startTotp),
    onSuccess: (started) => setEnrolment(started),
  });
  const { busy: starting, formError: startError } = enrol;
  const start = () => void enrol.submit();

  const on = user.secondStep !== 'none';
  return (
    <>
      <p>
        {on ? (
          <>
            <span css={badgeStyle(colors.success)}>ON</span> Every login asks for{' '}
            {METHOD_LABEL[user.secondStep as keyof typeof METHOD_LABEL]} after your password.
          </>
        ) : (
          <>
            <span css={badgeStyle(colors.muted)}>OFF</span> Logging in needs only your password. Add a code
            from an authenticator app so that a stolen password is not enough.
          </>
        )}
      </p>
      {readOnly ? null : enrolment ? (
        <TotpSetup enrolment={enrolment} onDone={() => setEnrolment(null)} />
      ) : (
        <>
          {startError && <Notice tone="error">{startError}</Notice>}
          {user.secondStep !== 'totp' && (
            <div css={formActions}>
              <Button onClick={start} disabled={starting}>
                {starting
                  ? 'Preparing…'
                  : on
                    ? 'Use an authenticator app instead'
                    : 'Turn on with an authenticator app'}
              </Button>
            </div>
          )}
          {on && <TurnOffForm />}
        </>
      )}
    </>
  );
}

type ConfirmInput = z.input<typeof confirmTotpRequestSchema>;
type Confirm = z.output<typeof confirmTotpRequestSchema>;

function TotpSetup({ enrolment, onDone }: { enrolment: TotpEnrolment; onDone: () => void }) {
  const queryClient = useQueryClient();
  const qrCode = useQrCode(enrolment.otpauthUrl);
  const form = useForm<ConfirmInput, unknown, Confirm>({
    resolver: zodResolver(confirmTotpRequestSchema),
    defaultValues: { secret: '' },
  });
  const confirm = useApiForm({
    send: (body: Confirm, api) => call(api, endpoints.accountSecurity.confirmTotp, { body }),
    onSuccess: (user) => {
      storeCurrentUser(queryClient, user);
      onDone();
    },
    successToast: 'Second-step verification is on. From now on, logging in asks for a code from the app.',
    placeFieldErrors: (error) => applyFieldErrors(error, form.setError, ['secret']),
  });

  const submit = form.handleSubmit(async (body) => {
    await confirm.submit(body);
  });

  const { errors, isSubmitting } = form.formState;
  const { formError } = confirm;
  return (
    <div css={setupStyle}>
      {qrCode ? (
        <img src={qrCode} alt="QR code to scan with your authenticator app" />
      ) : (
        <p role="status">Drawing the QR code…</p>
      )}
      <div>
        <ol>
          <li>Scan the QR code with an authenticator app (Google Authenticator, 1Password, Aegis, …).</li>
          <li>
            Or type this key into the app: <code css={secretStyle}>{enrolment.secret}</code>
          </li>
          <li>Enter the six-digit code the app shows.</li>
        </ol>
        <form onSubmit={submit} noValidate aria-label="Confirm the authenticator app">
          {formError && <Notice tone="error">{formError}</Notice>}
          <TextField
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.secret?.message}
            {...form.register('secret')}
          />
          <div css={[formActions, startAligned]}>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Checking…' : 'Confirm and turn on'}
            </Button>
            <Button variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          </div>
        </form>
        <p css={lede}>The key works until {new Date(enrolment.expiresAt).toLocaleTimeString('en-GB')}.</p>
      </div>
    </div>
  );
}

type TurnOff = z.infer<typeof disableSecondStepRequestSchema>;

function TurnOffForm() {
  const queryClient = useQueryClient();
  const form = useForm<TurnOff>({
    resolver: zodResolver(disableSecondStepRequestSchema),
    defaultValues: { currentPassword: '' },
  });
  const turnOff = useApiForm({
    send: (body: TurnOff, api) => call(api, endpoints.accountSecurity.turnOffSecondStep, { body }),
    onSuccess: async () => {
      form.reset({ currentPassword: '' });
      await queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
    },
    successToast: 'Second-step verification is off.',
    placeFieldErrors: (error) => applyFieldErrors(error, form.setError, ['currentPassword']),
  });

  const submit = form.handleSubmit(async (body) => {
    await turnOff.submit(body);
  });

  const { errors, isSubmitting } = form.formState;
  const { formError } = turnOff;
  return (
    <form onSubmit={submit} noValidate aria-label="Turn off second-step verification">
      {formError && <Notice tone="error">{formError}</Notice>}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        hint="Turning it off needs your password."
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <div css={formActions}>
        <Button type="submit" variant="secondary" disabled={isSubmitting}>
          {isSubmitting ? 'Turning off…' : 'Turn off'}
        </Button>
      </div>
    </form>
  );
}
