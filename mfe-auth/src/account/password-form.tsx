import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { call, changePasswordRequestSchema, endpoints } from '@tunehouse/contracts';
import { applyFieldErrors, useApiForm } from '@tunehouse/area-kit';
import { Button, Notice, TextField } from '@tunehouse/ui';
import { formActions } from '../shared/auth-styles.js';

const schema = changePasswordRequestSchema
  .extend({ repeat: z.string() })
  .refine((fields) => fields.password === fields.repeat, {
    path: ['repeat'],
    message: 'The two passwords differ',
  });
type PasswordChange = z.infer<typeof schema>;
const FIELDS = ['currentPassword', 'password'] as const;
const EMPTY: PasswordChange = { currentPassword: '', password: '', repeat: '' };

/** A new password (the current one asked again); every other session of the user ends. */
export function PasswordForm() {
  const queryClient = useQueryClient();
  const form = useForm<PasswordChange>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const change = useApiForm({
    send: (body: Omit<PasswordChange, 'repeat'>, api) =>
      call(api, endpoints.accountSecurity.changePassword, { body }),
    onSuccess: async () => {
      form.reset(EMPTY);
      await queryClient.invalidateQueries({ queryKey: ['sessions'] });
    },
    successToast: 'Your password is changed. Your other devices are logged out.',
    placeFieldErrors: (error) => applyFieldErrors(error, form.setError, FIELDS),
  });

  const submit = form.handleSubmit(async ({ currentPassword, password }) => {
    await change.submit({ currentPassword, password });
  });

  const { errors, isSubmitting } = form.formState;
  const { formError } = change;
  return (
    <form onSubmit={submit} noValidate aria-label="Change your password">
      {formError && <Notice tone="error">{formError}</Notice>}
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters."
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        error={errors.repeat?.message}
        {...form.register('repeat')}
      />
      <div css={formActions}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
