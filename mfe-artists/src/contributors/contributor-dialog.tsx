import { useId, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CREDIT_ROLES,
  type Contributor,
  type CreateContributorRequest,
  type CreditRole,
} from '@tunehouse/contracts';
import { applyFieldErrors, useApiForm, useShell } from '@tunehouse/area-kit';
import { Button, Dialog, Notice, SelectField, TextField } from '@tunehouse/ui';
import {
  contributorKeys,
  contributorRolesQuery,
  createContributor,
  updateContributor,
} from './contributor-queries.js';
import { roleOptions } from './roles.js';

const schema = z.object({
  name: z.string().trim().min(1, 'Enter the contributor’s name').max(200, 'Use at most 200 characters'),
  role: z
    .string()
    .refine(
      (value): value is CreditRole => (CREDIT_ROLES as readonly string[]).includes(value),
      'Choose their role',
    ),
  publisher: z.string().trim().max(200, 'Use at most 200 characters'),
});
type Values = z.input<typeof schema>;
const FIELDS = ['name', 'role', 'publisher'] as const;

/** Creates a contributor (`contributor` null) or edits one, in a dialog. */
export function ContributorDialog({
  open,
  contributor,
  onClose,
  fallbackFocus,
}: {
  open: boolean;
  contributor: Contributor | null;
  onClose: () => void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}) {
  return open ? (
    <ContributorFormDialog
      key={contributor?.id ?? 'new'}
      contributor={contributor}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    />
  ) : null;
}

function ContributorFormDialog({
  contributor,
  onClose,
  fallbackFocus,
}: {
  contributor: Contributor | null;
  onClose: () => void;
  fallbackFocus?: RefObject<HTMLElement | null> | undefined;
}) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const formId = useId();
  const roles = useQuery(contributorRolesQuery(shell.api));
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: contributor?.name ?? '',
      role: contributor?.role ?? '',
      publisher: contributor?.publisher ?? '',
    },
  });

  const save = useApiForm({
    send: (body: CreateContributorRequest, api) =>
      contributor ? updateContributor(api, contributor.id, body) : createContributor(api, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: contributorKeys.lists() });
      onClose();
    },
    successToast: (saved) => `${saved.name} is ${contributor ? 'saved' : 'added'}.`,
    placeFieldErrors: (error) => applyFieldErrors(error, form.setError, FIELDS),
  });

  const submit = form.handleSubmit(async (values) => {
    await save.submit({
      name: values.name.trim(),
      role: values.role as CreditRole,
      publisher: values.publisher.trim() || null,
    });
  });

  const { errors, isSubmitting } = form.formState;
  const { formError } = save;
  return (
    <Dialog
      open
      title={contributor ? `Edit ${contributor.name}` : 'New contributor'}
      description="The people credited on your tracks: songwriters, producers, engineers and musicians."
      onClose={onClose}
      dismissible={!isSubmitting}
      fallbackFocus={fallbackFocus}
      width="narrow"
      footer={
        <>
          <Button variant="secondary" disabled={isSubmitting} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : contributor ? 'Save contributor' : 'Create contributor'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        onSubmit={submit}
        noValidate
        aria-label={contributor ? 'Edit contributor' : 'New contributor'}
      >
        {formError && <Notice tone="error">{formError}</Notice>}
        <TextField label="Name" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <SelectField
          label="Role"
          placeholder="Choose a role"
          options={roleOptions(roles.data)}
          error={errors.role?.message}
          {...form.register('role')}
        />
        <TextField
          label="Publisher (optional)"
          hint="The publishing company that looks after their songwriting rights, if they have one."
          autoComplete="off"
          error={errors.publisher?.message}
          {...form.register('publisher')}
        />
      </form>
    </Dialog>
  );
}
