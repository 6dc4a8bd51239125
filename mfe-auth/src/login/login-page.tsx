import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest } from '@tunehouse/contracts';
import {
  applyFieldErrors,
  Link,
  usePageMeta,
  useSearchParams,
  useSession,
  useShell,
} from '@tunehouse/area-kit';
import { Button, NarrowColumn, Notice, TextField } from '@tunehouse/ui';
import { afterForm, formActions, lede } from '../shared/auth-styles.js';
import { useReturnTarget, withFrom } from '../shared/use-return-target.js';

/** Login: honours `from` and `expired=true`; a challenged answer leads to the challenge step. */
export function LoginPage() {
  usePageMeta('Log in');
  const shell = useShell();
  const session = useSession();
  const from = useReturnTarget();
  const [search] = useSearchParams();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  // Already signed in (another tab, or the back button): carry on where the user meant to go.
  useEffect(() => {
    if (session?.isAuthenticated) shell.navigate(from);
  }, [session, shell, from]);

  const submit = form.handleSubmit(async (credentials) => {
    setFormError(null);
    try {
      const signedIn = await shell.session.login(credentials);
      // A full session is followed by the effect above; only the challenge needs a step of its own.
      if (signedIn.isChallenged) shell.navigate(withFrom('/auth/challenge', from));
    } catch (error) {
      setFormError(applyFieldErrors(error, form.setError, ['email', 'password']));
    }
  });

  const { errors, isSubmitting } = form.formState;
  return (
    <NarrowColumn>
      <h1>Log in</h1>
      <p css={lede}>Welcome back. Log in to manage your releases, splits and earnings.</p>
      <form onSubmit={submit} noValidate aria-label="Log in">
        {search.get('expired') === 'true' && (
          <Notice tone="warn">Your session has ended. Please log in again to carry on.</Notice>
        )}
        {formError && <Notice tone="error">{formError}</Notice>}
        <TextField
          label="E-mail address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div css={formActions}>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Logging in…' : 'Log in'}
          </Button>
          <Link to="/auth/forgot">Forgot your password?</Link>
        </div>
      </form>
      <p css={afterForm}>
        New to Tunehouse? <Link to={withFrom('/auth/signup', from)}>Create an account</Link>
      </p>
    </NarrowColumn>
  );
}
