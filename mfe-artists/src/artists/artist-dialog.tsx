import { useId, useState, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { ArtistDetail } from '@tunehouse/contracts';
import { applyFieldErrors, fieldErrorsOf, messageOf, useShell } from '@tunehouse/area-kit';
import { Button, Dialog, Notice, TextField } from '@tunehouse/ui';
import {
  artistBodyOf,
  artistFieldOf,
  artistFormSchema,
  formValuesOf,
  type ArtistFormValues,
} from './artist-form-schema.js';
import {
  artistImageUrl,
  artistKeys,
  createArtist,
  removeArtistImage,
  updateArtist,
  uploadArtistImage,
} from './artist-queries.js';
import { ImageField, type ImageChange } from './image-field.js';
import { ProfileFields } from './profile-fields.js';

/** Creates an artist (`artist` null) or edits one, in a dialog. */
export function ArtistDialog({
  open,
  artist,
  onClose,
  fallbackFocus,
}: {
  open: boolean;
  artist: ArtistDetail | null;
  onClose: () => void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}) {
  // A new form for each artist (and each opening), so its values start from that artist.
  return open ? (
    <ArtistFormDialog
      key={artist?.id ?? 'new'}
      artist={artist}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    />
  ) : null;
}

function ArtistFormDialog({
  artist: given,
  onClose,
  fallbackFocus,
}: {
  artist: ArtistDetail | null;
  onClose: () => void;
  fallbackFocus?: RefObject<HTMLElement | null> | undefined;
}) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const formId = useId();
  // Once created, the artist is edited from then on (e.g. when its image could not be uploaded).
  const [artist, setArtist] = useState(given);
  const [image, setImage] = useState<ImageChange>({ kind: 'keep' });
  const [imageError, setImageError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadPercent, setUploadPercent] = useState<number | undefined>(undefined);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ArtistFormValues>({
    resolver: zodResolver(artistFormSchema),
    defaultValues: formValuesOf(given),
  });
  const artistName = useWatch({ control: form.control, name: 'name' });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const body = artistBodyOf(values);
    let saved: ArtistDetail;
    try {
      saved = artist ? await updateArtist(shell.api, artist.id, body) : await createArtist(shell.api, body);
    } catch (error) {
      setFormError(applyFieldErrors(error, form.setError, artistFieldOf));
      return;
    }
    setArtist(saved);
    form.reset(formValuesOf(saved));
    try {
      if (image.kind === 'remove' && saved.image) saved = await removeArtistImage(shell.api, saved.id);
      if (image.kind === 'replace') {
        setUploading(true);
        setUploadPercent(undefined);
        saved = await uploadArtistImage(shell.api, saved.id, image.file, setUploadPercent);
      }
    } catch (error) {
      setImageError(fieldErrorsOf(error).image ?? messageOf(error));
      setArtist(saved);
      await queryClient.invalidateQueries({ queryKey: artistKeys.lists() });
      return;
    } finally {
      setUploading(false);
    }
    await queryClient.invalidateQueries({ queryKey: artistKeys.lists() });
    shell.toasts.push(`${saved.name} is ${given ? 'saved' : 'added'}.`, 'SUCCESS');
    onClose();
  });

  const { errors, isSubmitting } = form.formState;
  const currentUrl = artist ? artistImageUrl(artist, 80) : null;
  return (
    <Dialog
      open
      title={artist ? `Edit ${artist.name}` : 'New artist'}
      onClose={onClose}
      dismissible={!isSubmitting}
      fallbackFocus={fallbackFocus}
      width="medium"
      footer={
        <>
          <Button variant="secondary" disabled={isSubmitting} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={isSubmitting}>
            {uploading
              ? 'Uploading image…'
              : isSubmitting
                ? 'Saving…'
                : artist
                  ? 'Save artist'
                  : 'Create artist'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate aria-label={artist ? 'Edit artist' : 'New artist'}>
        {formError && <Notice tone="error">{formError}</Notice>}
        {artist && !given && imageError && (
          <Notice tone="warn">{artist.name} is created, but its image is not uploaded yet.</Notice>
        )}
        <TextField
          label="Artist name"
          autoComplete="off"
          data-autofocus=""
          error={errors.name?.message}
          {...form.register('name')}
        />
        <ImageField
          artistName={artistName}
          currentUrl={currentUrl}
          change={image}
          onChange={setImage}
          error={imageError}
          onError={setImageError}
          uploading={uploading}
          uploadPercent={uploadPercent}
          disabled={isSubmitting}
        />
        <ProfileFields form={form} />
      </form>
    </Dialog>
  );
}
