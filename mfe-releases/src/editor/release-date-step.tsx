import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { AlbumDetail } from '@tunehouse/contracts';
import { applyFieldErrors, useShell } from '@tunehouse/area-kit';
import { TextField } from '@tunehouse/ui';
import { fieldRow } from '../shared/fields.js';
import { WithHelp } from '../shared/help-link.js';
import { saveAlbum } from '../shared/queries.js';
import { lede } from '../shared/styles.js';
import {
  FormError,
  SaveBar,
  goesOn,
  useFocusFromHash,
  useReportDirty,
  type SavedStepProps,
} from './step-kit.js';

const day = z.union([z.literal(''), z.iso.date('Give a date such as 2026-12-01')]);
const schema = z.object({ releaseDate: day, originalReleaseDate: day }).superRefine((values, context) => {
  if (values.originalReleaseDate && values.releaseDate && values.originalReleaseDate > values.releaseDate)
    context.addIssue({
      code: 'custom',
      path: ['originalReleaseDate'],
      message: 'The original release date comes before the release date',
    });
});
type DateValues = z.input<typeof schema>;
const FIELDS = ['releaseDate', 'originalReleaseDate'] as const;

const valuesOf = (album: AlbumDetail): DateValues => ({
  releaseDate: album.releaseDate?.slice(0, 10) ?? '',
  originalReleaseDate: album.originalReleaseDate?.slice(0, 10) ?? '',
});

/** Step 6: the day the release goes live, and when it first came out if it was released before. */
export function ReleaseDateStep({ album, onDirtyChange, onSaved }: SavedStepProps) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<DateValues>({ resolver: zodResolver(schema), defaultValues: valuesOf(album) });
  const { errors, isDirty, isSubmitting } = form.formState;
  useReportDirty(isDirty, onDirtyChange);
  useFocusFromHash(form.setFocus, FIELDS);

  const submit = form.handleSubmit(async (values, event) => {
    const goOn = goesOn(event);
    setFormError(null);
    if (!isDirty) {
      if (goOn) onSaved(album, true);
      return;
    }
    try {
      const saved = await saveAlbum(shell.api, queryClient, album.id, {
        releaseDate: values.releaseDate || null,
        originalReleaseDate: values.originalReleaseDate || null,
      });
      form.reset(valuesOf(saved));
      shell.toasts.push('Release date saved.', 'SUCCESS');
      onSaved(saved, goOn);
    } catch (error) {
      setFormError(applyFieldErrors(error, form.setError, FIELDS));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Release date step">
      <p css={lede}>
        Stores need time to get a release ready: a date a few weeks away lets it go live everywhere on the
        same day. The review tells you when a date is too soon.
      </p>
      <FormError message={formError} />
      <div css={fieldRow}>
        <WithHelp topic="releaseDate" about="release date">
          <TextField
            label="Release date"
            type="date"
            error={errors.releaseDate?.message}
            {...form.register('releaseDate')}
          />
        </WithHelp>
        <WithHelp topic="originalDate" about="original release date">
          <TextField
            label="Originally released on (optional)"
            type="date"
            hint="Only for music that came out before, such as a reissue"
            error={errors.originalReleaseDate?.message}
            {...form.register('originalReleaseDate')}
          />
        </WithHelp>
      </div>
      <SaveBar saving={isSubmitting} dirty={isDirty} continueLabel="Save and review" />
    </form>
  );
}
