import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { newPasswordSchema } from '@tunehouse/contracts';
import type { EmailedLink } from '@tunehouse/shell-contract';
import { applyFieldErrors, Link, useShell } from '@tunehouse/area-kit';
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
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<NewPassword>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', repeat: '' },
  });

  const submit = form.handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await shell.session.resetPassword({ ...link, password });
      shell.toasts.push('Your password is changed. You are logged in.', 'SUCCESS');
      shell.navigate('/');
    } catch (error) {
      setFormError(applyFieldErrors(error, form.setError, ['password']));
    }
  });

  const { errors, isSubmitting } = form.formState;
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
