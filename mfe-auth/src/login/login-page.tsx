import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginRequest } from '@tunehouse/contracts';
import {
  applyFieldErrors,
  Link,
  useApiForm,
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
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  // Already signed in (another tab, or the back button): carry on where the user meant to go.
  useEffect(() => {
    if (session?.isAuthenticated) shell.navigate(from);
  }, [session, shell, from]);

  // Through the shell's session, which answers the bot check and keeps the tokens.
  const login = useApiForm({
    send: (credentials: LoginRequest) => shell.session.login(credentials),
    // A full session is followed by the effect above; only the challenge needs a step of its own.
    onSuccess: (signedIn) => {
      if (signedIn.isChallenged) shell.navigate(withFrom('/auth/challenge', from));
    },
    placeFieldErrors: (error) => applyFieldErrors(error, form.setError, ['email', 'password']),
  });

  const submit = form.handleSubmit(async (credentials) => {
    await login.submit(credentials);
  });
  const { formError } = login;

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
