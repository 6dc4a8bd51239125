import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { css } from '@emotion/react';
import { z } from 'zod';
import {
  call,
  COUNTRY_CODES,
  endpoints,
  identityVerificationFieldsSchema,
  VERIFICATION_DOCUMENT_FIELD,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  VERIFICATION_DOCUMENT_TYPES,
  VERIFICATION_MIN_AGE,
} from '@tunehouse/contracts';
import { applyFieldErrors, useApiForm } from '@tunehouse/area-kit';
import { Button, Notice, SelectField, TextField, countryOptions, mq } from '@tunehouse/ui';
import { formActions } from '../shared/auth-styles.js';

const COUNTRIES = countryOptions(COUNTRY_CODES);
const MAX_MB = VERIFICATION_DOCUMENT_MAX_BYTES / (1024 * 1024);
const EXTENSIONS = /\.(jpe?g|png|pdf)$/i;

/** One JPEG, PNG or PDF of at most 10 MB; the API checks the content again. */
const documentSchema = z.unknown().transform((value, context) => {
  const file = value && typeof value === 'object' && 'length' in value ? (value as FileList)[0] : undefined;
  const problem = !file
    ? 'Add a photo or scan of your ID document'
    : file.size > VERIFICATION_DOCUMENT_MAX_BYTES
      ? `The file is larger than ${MAX_MB} MB`
      : !(VERIFICATION_DOCUMENT_TYPES as readonly string[]).includes(file.type) && !EXTENSIONS.test(file.name)
        ? 'Choose a JPG, PNG or PDF file'
        : null;
  if (problem || !file) {
    context.addIssue({ code: 'custom', message: problem ?? 'Add a photo or scan of your ID document' });
    return z.NEVER;
  }
  return file;
});

const schema = identityVerificationFieldsSchema.extend({
  // The select starts empty.
  country: z
    .string()
    .refine((value) => (COUNTRY_CODES as readonly string[]).includes(value), 'Choose a country'),
  [VERIFICATION_DOCUMENT_FIELD]: documentSchema,
});
export type VerificationInput = z.input<typeof schema>;
type Verification = z.output<typeof schema>;
/** What the user typed, kept by the page so that a rejected submission can be corrected, not retyped. */
export type VerificationDraft = Omit<VerificationInput, 'document'>;

const TEXT_FIELDS = ['legalName', 'dateOfBirth', 'addressLine', 'city', 'postalCode', 'country'] as const;
const FIELDS = [...TEXT_FIELDS, 'document'] as const;

const twoColumns = css`
  ${mq('tablet')} {
    display: grid;
    grid-template-columns: 1fr 1fr;
    column-gap: 1rem;
    align-items: start;
  }
`;

/** The latest date of birth that is old enough today, for the date picker. */
function latestBirthDate(): string {
  const today = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${today.getFullYear() - VERIFICATION_MIN_AGE}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}

export function VerificationForm({
  userId,
  initial,
  onSubmitted,
}: {
  userId: string | number | undefined;
  initial: VerificationDraft;
  onSubmitted: (draft: VerificationDraft) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<VerificationInput, unknown, Verification>({
    resolver: zodResolver(schema),
    defaultValues: { ...initial, document: undefined },
  });
  const send = useApiForm({
    send: (body: FormData, api) => call(api, endpoints.verifications.submit, { body }),
    onSuccess: (status) => {
      const { document: _document, ...draft } = form.getValues();
      onSubmitted(draft);
      queryClient.setQueryData(['verifications', 'current', userId], status);
    },
    placeFieldErrors: (error) => applyFieldErrors(error, form.setError, FIELDS),
  });

  const submit = form.handleSubmit(async (values) => {
    const body = new FormData();
    for (const field of TEXT_FIELDS) body.append(field, values[field]);
    body.append(VERIFICATION_DOCUMENT_FIELD, values.document, values.document.name);
    await send.submit(body);
  });

  const { errors, isSubmitting } = form.formState;
  const { formError } = send;
  return (
    <form onSubmit={submit} noValidate aria-label="Verify your identity">
      {formError && <Notice tone="error">{formError}</Notice>}
      <TextField
        label="Full legal name"
        autoComplete="name"
        hint="As your ID document shows it."
        error={errors.legalName?.message}
        {...form.register('legalName')}
      />
      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        max={latestBirthDate()}
        hint={`You must be at least ${VERIFICATION_MIN_AGE}.`}
        error={errors.dateOfBirth?.message}
        {...form.register('dateOfBirth')}
      />
      <TextField
        label="Street address"
        autoComplete="street-address"
        error={errors.addressLine?.message}
        {...form.register('addressLine')}
      />
      <div css={twoColumns}>
        <TextField
          label="City"
          autoComplete="address-level2"
          error={errors.city?.message}
          {...form.register('city')}
        />
        <TextField
          label="Postal code"
          autoComplete="postal-code"
          hint="Leave empty if your address has none."
          error={errors.postalCode?.message}
          {...form.register('postalCode')}
        />
      </div>
      <SelectField
        label="Country"
        placeholder="Choose a country"
        options={COUNTRIES}
        autoComplete="country"
        error={errors.country?.message}
        {...form.register('country')}
      />
      <TextField
        label="ID document"
        type="file"
        accept="image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf"
        hint={`A photo or scan of your passport, ID card or driving licence: JPG, PNG or PDF, at most ${MAX_MB} MB.`}
        error={errors.document?.message}
        {...form.register('document')}
      />
      <div css={formActions}>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send for verification'}
        </Button>
      </div>
    </form>
  );
}
