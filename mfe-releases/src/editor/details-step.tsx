import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  barcodeSchema,
  genreSchema,
  languageCodeSchema,
  releaseTypeSchema,
  type AlbumDetail,
} from '@tunehouse/contracts';
import { applyFieldErrors, useShell } from '@tunehouse/area-kit';
import { SelectField, TextField, mq } from '@tunehouse/ui';
import { css } from '@emotion/react';
import { fieldRow } from '../shared/fields.js';
import { HelpLink, WithHelp } from '../shared/help-link.js';
import { GENRE_OPTIONS, RELEASE_TYPE_OPTIONS, languageOptions } from '../shared/labels.js';
import { saveAlbum, type AlbumFormBody } from '../shared/queries.js';
import { FormError, SaveBar, useFocusFromHash, goesOn, useReportDirty, type StepProps } from './step-kit.js';

const optional = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]);
const line = (label: string, max = 200) => z.string().trim().max(max, `${label}: at most ${max} characters`);

const schema = z
  .object({
    title: line('Title').min(1, 'Give the release a title'),
    version: line('Version'),
    format: optional(releaseTypeSchema),
    primaryGenre: optional(genreSchema),
    secondaryGenre: optional(genreSchema),
    language: optional(languageCodeSchema),
    recordLabel: line('Record label'),
    barcode: z
      .string()
      .trim()
      .superRefine((value, context) => {
        if (value === '') return;
        const result = barcodeSchema.safeParse(value);
        if (!result.success)
          context.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'Not a barcode' });
      }),
    catalogNumber: line('Catalogue number', 50),
    recordingLocation: line('Recording location'),
    pLine: line('℗ line'),
    cLine: line('© line'),
    ai: z.enum(['', 'yes', 'no']),
  })
  .superRefine((values, context) => {
    if (values.primaryGenre && values.primaryGenre === values.secondaryGenre) {
      context.addIssue({
        code: 'custom',
        path: ['secondaryGenre'],
        message: 'Choose a genre other than the primary one',
      });
    }
  });
type DetailsValues = z.input<typeof schema>;
const FIELDS = [
  'title',
  'version',
  'format',
  'primaryGenre',
  'secondaryGenre',
  'language',
  'recordLabel',
  'barcode',
  'catalogNumber',
  'recordingLocation',
  'pLine',
  'cLine',
  'ai',
] as const;

function valuesOf(album: AlbumDetail | undefined): DetailsValues {
  return {
    title: album?.title ?? '',
    version: album?.version ?? '',
    format: album?.format ?? '',
    primaryGenre: album?.primaryGenre ?? '',
    secondaryGenre: album?.secondaryGenre ?? '',
    language: album?.language ?? '',
    recordLabel: album?.recordLabel ?? '',
    barcode: album?.barcode ?? '',
    catalogNumber: album?.catalogNumber ?? '',
    recordingLocation: album?.recordingLocation ?? '',
    pLine: album?.pLine ?? '',
    cLine: album?.cLine ?? '',
    ai: album?.ai === true ? 'yes' : album?.ai === false ? 'no' : '',
  };
}

/** The form's values as the album form's JSON: a blank field clears the value (null). */
export function detailsBody(values: DetailsValues): AlbumFormBody {
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    title: values.title.trim(),
    version: orNull(values.version),
    format: values.format || null,
    primaryGenre: values.primaryGenre || null,
    secondaryGenre: values.secondaryGenre || null,
    language: values.language || null,
    recordLabel: orNull(values.recordLabel),
    barcode: orNull(values.barcode),
    catalogNumber: orNull(values.catalogNumber),
    recordingLocation: orNull(values.recordingLocation),
    pLine: orNull(values.pLine),
    cLine: orNull(values.cLine),
    ...(values.ai === '' ? {} : { ai: values.ai === 'yes' }),
  };
}

const LANGUAGES = languageOptions();
const aiNote = css`
  margin: -0.25rem 0 1rem;
  font-size: 0.88rem;
  ${mq('tablet')} {
    margin: 1.9rem 0 1rem;
  }
`;
const AI_OPTIONS = [
  { value: 'no', label: 'No' },
  { value: 'yes', label: 'Yes, AI generated all or part of it' },
];

/** Step 1: what the release is called, its type, genres, language, label, identifiers and ℗/© lines. */
export function DetailsStep({ album, onDirtyChange, onSaved }: StepProps) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<DetailsValues>({ resolver: zodResolver(schema), defaultValues: valuesOf(album) });
  const { errors, isDirty, isSubmitting } = form.formState;
  useReportDirty(isDirty, onDirtyChange);
  useFocusFromHash(form.setFocus, FIELDS);

  const submit = form.handleSubmit(async (values, event) => {
    const goOn = goesOn(event);
    setFormError(null);
    if (album && !isDirty) {
      if (goOn) onSaved(album, true);
      return;
    }
    try {
      const saved = await saveAlbum(shell.api, queryClient, album?.id, detailsBody(values));
      form.reset(valuesOf(saved));
      shell.toasts.push(album ? 'Details saved.' : 'Release created.', 'SUCCESS');
      onSaved(saved, goOn);
    } catch (error) {
      setFormError(applyFieldErrors(error, form.setError, FIELDS));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Release details">
      <FormError message={formError} />
      <div css={fieldRow}>
        <WithHelp topic="albumTitle" about="release title">
          <TextField
            label="Title"
            error={errors.title?.message}
            autoComplete="off"
            {...form.register('title')}
          />
        </WithHelp>
        <WithHelp topic="albumVersion" about="version">
          <TextField
            label="Version (optional)"
            hint="For example Deluxe Edition or Live"
            error={errors.version?.message}
            autoComplete="off"
            {...form.register('version')}
          />
        </WithHelp>
      </div>
      <div css={fieldRow}>
        <SelectField
          label="Release type"
          placeholder="Choose a type"
          options={RELEASE_TYPE_OPTIONS}
          error={errors.format?.message}
          {...form.register('format')}
        />
        <SelectField
          label="Language"
          placeholder="Choose a language"
          options={LANGUAGES}
          hint="The language of the title and the lyrics"
          error={errors.language?.message}
          {...form.register('language')}
        />
      </div>
      <div css={fieldRow}>
        <WithHelp topic="genres" about="genres">
          <SelectField
            label="Primary genre"
            placeholder="Choose a genre"
            options={GENRE_OPTIONS}
            error={errors.primaryGenre?.message}
            {...form.register('primaryGenre')}
          />
        </WithHelp>
        <SelectField
          label="Secondary genre (optional)"
          placeholder="None"
          options={GENRE_OPTIONS}
          error={errors.secondaryGenre?.message}
          {...form.register('secondaryGenre')}
        />
      </div>
      <div css={fieldRow}>
        <WithHelp topic="labelName" about="record label">
          <TextField
            label="Record label"
            hint="Your own name works if you have no label"
            error={errors.recordLabel?.message}
            {...form.register('recordLabel')}
          />
        </WithHelp>
        <WithHelp topic="catalogueNumber" about="catalogue number">
          <TextField
            label="Catalogue number (optional)"
            error={errors.catalogNumber?.message}
            autoComplete="off"
            {...form.register('catalogNumber')}
          />
        </WithHelp>
      </div>
      <div css={fieldRow}>
        <WithHelp topic="upc" about="UPC barcode">
          <TextField
            label="UPC/EAN barcode (optional)"
            hint="12 or 13 digits; the review says when one is assigned for you"
            inputMode="numeric"
            autoComplete="off"
            error={errors.barcode?.message}
            {...form.register('barcode')}
          />
        </WithHelp>
        <WithHelp topic="recordingLocation" about="recording location">
          <TextField
            label="Recording location (optional)"
            error={errors.recordingLocation?.message}
            {...form.register('recordingLocation')}
          />
        </WithHelp>
      </div>
      <div css={fieldRow}>
        <WithHelp topic="masterOwner" about="master owner (℗ line)">
          <TextField
            label="℗ line (master owner)"
            hint="For example 2026 Nightjar Records"
            error={errors.pLine?.message}
            {...form.register('pLine')}
          />
        </WithHelp>
        <WithHelp topic="copyright" about="copyright (© line)">
          <TextField
            label="© line (copyright owner)"
            hint="The owner of the artwork and texts"
            error={errors.cLine?.message}
            {...form.register('cLine')}
          />
        </WithHelp>
      </div>
      <div css={fieldRow}>
        <SelectField
          label="Was AI used to make this music?"
          placeholder="Not answered"
          options={AI_OPTIONS}
          error={errors.ai?.message}
          {...form.register('ai')}
        />
        <p css={aiNote}>
          What counts: our{' '}
          <HelpLink topic="aiPolicy" about="AI policy">
            AI policy
          </HelpLink>
          .
        </p>
      </div>
      <SaveBar
        saving={isSubmitting}
        dirty={isDirty || !album}
        continueLabel={album ? 'Save and continue' : 'Create and continue'}
      />
    </form>
  );
}
