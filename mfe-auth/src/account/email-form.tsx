import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { css } from '@emotion/react';
import type { z } from 'zod';
import { call, changeEmailRequestSchema, type CurrentUser, endpoints } from '@tunehouse/contracts';
import { applyFieldErrors, useApiForm, useShell } from '@tunehouse/area-kit';
import { Button, Notice, TextField, badgeStyle, colors } from '@tunehouse/ui';
import { formActions } from '../shared/auth-styles.js';
import { storeCurrentUser } from './account-queries.js';
import { warnBadgeColor } from '../shared/badge-colors.js';

/** A long address breaks anywhere rather than widening the page on a phone. */
const address = css`
  overflow-wrap: anywhere;
`;

type EmailInput = z.input<typeof changeEmailRequestSchema>;
type EmailChange = z.output<typeof changeEmailRequestSchema>;
const FIELDS = ['email', 'currentPassword'] as const;
const EMPTY: EmailInput = { email: '', currentPassword: '' };

/** The address with its confirmation state, and the form that changes it (the current password asked again). */
export function EmailSection({ user, readOnly }: { user: CurrentUser; readOnly: boolean }) {
  return (
    <>
      <p>
        Your e-mail address is <strong css={address}>{user.email}</strong>{' '}
        {user.emailVerified ? (
          <span css={badgeStyle(colors.success)}>CONFIRMED</span>
        ) : (
          <span css={badgeStyle(warnBadgeColor)}>NOT CONFIRMED</span>
        )}
      </p>
      {!user.emailVerified && (
        <p>We sent a link to this address. Follow it to confirm that the address is yours.</p>
      )}
      {!readOnly && <EmailForm />}
    </>
  );
}

function EmailForm() {
  const shell = useShell();
  const queryClient = useQueryClient();
  const form = useForm<EmailInput, unknown, EmailChange>({
    resolver: zodResolver(changeEmailRequestSchema),
    defaultValues: EMPTY,
  });
  const change = useApiForm({
    send: (body: EmailChange, api) => call(api, endpoints.accountSecurity.changeEmail, { body }),
    onSuccess: async (user) => {
      storeCurrentUser(queryClient, user);
      await queryClient.invalidateQueries({ queryKey: ['sessions'] });
      form.reset(EMPTY);
      // The session carries the user too (the header, the admin banner).
      await shell.session.refresh().catch(() => undefined);
    },
    successToast: (user) =>
      `Your e-mail address is now ${user.email}. Confirm it with the link we sent there. Your other devices are logged out.`,
    placeFieldErrors: (error) => applyFieldErrors(error, form.setError, FIELDS),
  });

  const submit = form.handleSubmit(async (body) => {
    await change.submit(body);
  });

  const { errors, isSubmitting } = form.formState;
  const { formError } = change;
  return (
    <form onSubmit={submit} noValidate aria-label="Change your e-mail address">
      {formError && <Notice tone="error">{formError}</Notice>}
      <TextField
        label="New e-mail address"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        hint="To make sure it is you."
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <div css={formActions}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Changing…' : 'Change e-mail address'}
        </Button>
      </div>
    </form>
  );
}
