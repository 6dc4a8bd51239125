import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { COUNTRY_CODES, countryCodeSchema, type CurrentUser } from '@tunehouse/contracts';
import { applyFieldErrors, useApiForm, useShell } from '@tunehouse/area-kit';
import { Button, Notice, SelectField, TextField, countryOptions } from '@tunehouse/ui';
import { formActions } from '../shared/auth-styles.js';

const COUNTRIES = countryOptions(COUNTRY_CODES);
const schema = z.object({
  firstName: z.string().trim().min(1, 'Enter your first name').max(100),
  lastName: z.string().trim().min(1, 'Enter your last name').max(100),
  // An empty select or field clears the value.
  country: z.union([z.literal(''), countryCodeSchema]).transform((value) => value || null),
  city: z
    .string()
    .trim()
    .max(100)
    .transform((value) => value || null),
});
type ProfileInput = z.input<typeof schema>;
type Profile = z.output<typeof schema>;
const FIELDS = ['firstName', 'lastName', 'country', 'city'] as const;

/** Names, country and city; saved through the shell's session so the header shows the new name at once. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const form = useForm<ProfileInput, unknown, Profile>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      country: user.account.country ?? '',
      city: user.account.city ?? '',
    },
  });

  // Through the shell's session rather than the API port, so the header shows the new name at once.
  const save = useApiForm({
    send: (profile: Profile) => shell.session.patchUser(profile),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['users', 'me'] });
      form.reset(form.getValues());
    },
    successToast: 'Your details are saved.',
    placeFieldErrors: (error) => applyFieldErrors(error, form.setError, FIELDS),
  });

  const submit = form.handleSubmit(async (profile) => {
    await save.submit(profile);
  });

  const { errors, isSubmitting, isDirty } = form.formState;
  const { formError } = save;
  return (
    <form onSubmit={submit} noValidate aria-label="Your details">
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
      <SelectField
        label="Country"
        placeholder="Not given"
        options={COUNTRIES}
        error={errors.country?.message}
        {...form.register('country')}
      />
      <TextField
        label="City"
        autoComplete="address-level2"
        error={errors.city?.message}
        {...form.register('city')}
      />
      <div css={formActions}>
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving…' : 'Save details'}
        </Button>
      </div>
    </form>
  );
}
