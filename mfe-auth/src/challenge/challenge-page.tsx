import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { verifySessionRequestSchema, type VerifySessionRequest } from '@tunehouse/contracts';
import { applyFieldErrors, Link, useApiForm, usePageMeta, useSession, useShell } from '@tunehouse/area-kit';
import { Button, NarrowColumn, Notice, TextField } from '@tunehouse/ui';
import { formActions, lede } from '../shared/auth-styles.js';
import { useReturnTarget, withFrom } from '../shared/use-return-target.js';

/** The second step of a login: a code from an authenticator app or from an e-mail. */
export function ChallengePage() {
  usePageMeta('Verify it is you');
  const shell = useShell();
  const session = useSession();
  const from = useReturnTarget();
  const form = useForm<VerifySessionRequest>({
    resolver: zodResolver(verifySessionRequestSchema),
    defaultValues: { secret: '' },
  });

  // Nothing to verify: a full session carries on, no session starts over at the login.
  useEffect(() => {
    if (session?.isAuthenticated) shell.navigate(from);
    else if (!session) shell.navigate(withFrom('/auth/login', from));
  }, [session, shell, from]);

  // Through the shell's session; a full session is then followed by the effect above.
  const verify = useApiForm({
    send: (secret: string) => shell.session.verify(secret),
    // A wrong code is typed again from an empty field.
    onError: () => form.resetField('secret', { keepError: true }),
    placeFieldErrors: (error) => applyFieldErrors(error, form.setError, ['secret']),
  });

  const submit = form.handleSubmit(async ({ secret }) => {
    await verify.submit(secret);
  });
  const { formError } = verify;

  const byEmail = session?.challengeMethod === 'email';
  const { errors, isSubmitting } = form.formState;
  return (
    <NarrowColumn>
      <h1>Verify it is you</h1>
      <p css={lede}>
        {byEmail
          ? `We sent a six-digit code to ${session?.user.email ?? 'your e-mail address'}. It is valid for 10 minutes.`
          : 'Enter the six-digit code from your authenticator app.'}
      </p>
      <form onSubmit={submit} noValidate aria-label="Second-step verification">
        {formError && <Notice tone="error">{formError}</Notice>}
        <TextField
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.secret?.message}
          {...form.register('secret')}
        />
        <div css={formActions}>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Verifying…' : 'Verify'}
          </Button>
          <Link to="/auth/logout">Use another account</Link>
        </div>
      </form>
    </NarrowColumn>
  );
}
