import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetLinkRequestSchema, type PasswordResetLinkRequest } from '@tunehouse/contracts';
import { applyFieldErrors, Link, useApiForm, useShell } from '@tunehouse/area-kit';
import { Button, Notice, TextField } from '@tunehouse/ui';
import { formActions, lede } from '../shared/auth-styles.js';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ResetRequestForm() {
  const shell = useShell();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<PasswordResetLinkRequest>({
    resolver: zodResolver(passwordResetLinkRequestSchema),
    defaultValues: { email: '' },
  });

  // Through the shell's session, which answers the bot check before it sends.
  const request = useApiForm({
    send: (email: string) => shell.session.requestPasswordReset(email),
    onSuccess: (_sent, email) => setSentTo(email),
    placeFieldErrors: (error) => applyFieldErrors(error, form.setError, ['email']),
  });

  const submit = form.handleSubmit(async ({ email }) => {
    await request.submit(email);
  });
  const { formError } = request;

  if (sentTo)
    return (
      <>
        <Notice tone="success">
          If an account exists for {sentTo}, we have sent it a link to choose a new password. The link works
          for one hour.
        </Notice>
        <p css={lede}>
          Nothing arrived? Check your spam folder, or <Link to="/auth/login">go back to the login</Link>.
        </p>
      </>
    );
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={submit} noValidate aria-label="Request a password reset link">
      {formError && <Notice tone="error">{formError}</Notice>}
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div css={formActions}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send me a link'}
        </Button>
        <Link to="/auth/login">Back to the login</Link>
      </div>
    </form>
  );
}
