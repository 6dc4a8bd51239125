import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { newPasswordSchema } from '@tunehouse/contracts';
import type { EmailedLink } from '@tunehouse/shell-contract';
import { applyFieldErrors, Link, useApiForm, useShell } from '@tunehouse/area-kit';
import { Button, Notice, TextField } from '@tunehouse/ui';
import { formActions } from '../shared/auth-styles.js';

const schema = z
  .object({ password: newPasswordSchema, repeat: z.string() })
  .refine((fields) => fields.password === fields.repeat, {
    path: ['repeat'],
    message: 'The two passwords differ',
  });
type NewPassword = z.infer<typeof schema>;

/** Opened from the reset mail: choose a new password, which also signs the user in. */
export function NewPasswordForm({ link }: { link: EmailedLink }) {
  const shell = useShell();
  const form = useForm<NewPassword>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', repeat: '' },
  });

  // Through the shell's session: the answer signs the user in.
  const reset = useApiForm({
    send: (password: string) => shell.session.resetPassword({ ...link, password }),
    onSuccess: () => shell.navigate('/'),
    successToast: 'Your password is changed. You are logged in.',
    placeFieldErrors: (error) => applyFieldErrors(error, form.setError, ['password']),
  });

  const submit = form.handleSubmit(async ({ password }) => {
    await reset.submit(password);
  });

  const { errors, isSubmitting } = form.formState;
  const { formError } = reset;
  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password">
      {formError && (
        <Notice tone="error">
          {formError} <Link to="/auth/forgot">Ask for a new link</Link>.
        </Notice>
      )}
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
          {isSubmitting ? 'Saving…' : 'Save and log in'}
        </Button>
      </div>
    </form>
  );
}
