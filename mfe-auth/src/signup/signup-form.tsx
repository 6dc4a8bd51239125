import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COUNTRY_CODES,
  signupRequestSchema,
  type SignupReceipt,
  type SignupRequest,
} from '@tunehouse/contracts';
import { applyFieldErrors, Link, useApiForm, useShell } from '@tunehouse/area-kit';
import { Button, Notice, SelectField, TextField, countryOptions } from '@tunehouse/ui';
import { afterForm, formActions } from '../shared/auth-styles.js';
import { withFrom } from '../shared/use-return-target.js';

const COUNTRIES = countryOptions(COUNTRY_CODES);
const FIELDS = ['firstName', 'lastName', 'email', 'password', 'country'] as const;

/**
 * The sign-up form; an empty country select means "not given". Sign-up signs nobody in: `onSent` gets the receipt,
 * and the page asks the user to open the mailed link, which comes back to `from`.
 */
export function SignupForm({
  from,
  email,
  onSent,
}: {
  from: string;
  /** The address to start with (going back from "check your mail" to use another one). */
  email?: string | undefined;
  onSent: (receipt: SignupReceipt) => void;
}) {
  const shell = useShell();
  const form = useForm<SignupRequest>({
    resolver: zodResolver(signupRequestSchema),
    defaultValues: { firstName: '', lastName: '', email: email ?? '', password: '' },
  });

  // Through the shell's session, which answers the bot check before it sends.
  const signup = useApiForm({
    send: (request: SignupRequest) => shell.session.signup(request),
    onSuccess: (receipt: SignupReceipt) => onSent(receipt),
    placeFieldErrors: (error) => applyFieldErrors(error, form.setError, FIELDS),
  });

  const submit = form.handleSubmit(async (fields) => {
    await signup.submit(from === '/' ? fields : { ...fields, returnTo: from });
  });

  const { errors, isSubmitting } = form.formState;
  const { formError } = signup;
  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Create your account">
        {formError && <Notice tone="error">{formError}</Notice>}
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
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
          autoComplete="new-password"
          hint="At least 10 characters. A long phrase is easier to remember and harder to guess."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <SelectField
          label="Country"
          placeholder="Choose later"
          options={COUNTRIES}
          error={errors.country?.message}
          {...form.register('country', { setValueAs: (value: string) => value || undefined })}
        />
        <div css={formActions}>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Creating your account…' : 'Create account'}
          </Button>
        </div>
      </form>
      <p css={afterForm}>
        Already have an account? <Link to={withFrom('/auth/login', from)}>Log in</Link>
      </p>
    </>
  );
}
