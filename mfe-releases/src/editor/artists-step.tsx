import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import type { AlbumDetail } from '@tunehouse/contracts';
import { applyFieldErrors, useShell } from '@tunehouse/area-kit';
import { Notice } from '@tunehouse/ui';
import { WithHelp } from '../shared/help-link.js';
import { saveAlbum } from '../shared/queries.js';
import { lede } from '../shared/styles.js';
import { ArtistPicker } from './artist-picker.js';
import { CreditedArtists, type CreditedArtistValue } from './credited-artists.js';
import { FormError, SaveBar, goesOn, useReportDirty, type SavedStepProps } from './step-kit.js';

interface ArtistsValues {
  artists: CreditedArtistValue[];
}

const valuesOf = (album: AlbumDetail): ArtistsValues => ({
  artists: (album.artists ?? []).map((artist) => ({
    artistId: artist.id,
    name: artist.name,
    role: artist.role,
  })),
});

/** Step 2: the artists the release is credited to, primary or featuring, in billing order. */
export function ArtistsStep({ album, onDirtyChange, onSaved }: SavedStepProps) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ArtistsValues>({ defaultValues: valuesOf(album) });
  const artists = useFieldArray({ control: form.control, name: 'artists' });
  const { isDirty, isSubmitting } = form.formState;
  useReportDirty(isDirty, onDirtyChange);
  const current = useWatch({ control: form.control, name: 'artists' }) ?? [];
  const hasPrimary = current.some((artist) => artist.role === 'PRIMARY');

  const submit = form.handleSubmit(async (values, event) => {
    const goOn = goesOn(event);
    setFormError(null);
    if (!isDirty) {
      if (goOn) onSaved(album, true);
      return;
    }
    try {
      const saved = await saveAlbum(shell.api, queryClient, album.id, {
        artists: values.artists.map((artist) => ({ id: artist.artistId, role: artist.role })),
      });
      form.reset(valuesOf(saved));
      shell.toasts.push('Artists saved.', 'SUCCESS');
      onSaved(saved, goOn);
    } catch (error) {
      setFormError(applyFieldErrors(error, form.setError, () => null));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Release artists">
      <p css={lede}>
        The primary artists are the names the release is sold under; featured artists appear after them.
        Tracks can credit other artists.
      </p>
      <FormError message={formError} />
      <CreditedArtists
        fields={artists.fields}
        roleField={(index) => form.register(`artists.${index}.role`)}
        onMove={artists.move}
        onRemove={artists.remove}
        empty="No artist is credited yet."
      />
      {current.length > 0 && !hasPrimary && <Notice tone="warn">Credit at least one primary artist.</Notice>}
      <WithHelp topic="albumArtists" about="release artists">
        <ArtistPicker
          label="Add an artist"
          exclude={current.map((artist) => artist.artistId)}
          onPick={(artist) =>
            artists.append(
              {
                artistId: artist.id,
                name: artist.name,
                role: current.some((credited) => credited.role === 'PRIMARY') ? 'FEATURING' : 'PRIMARY',
              },
              { shouldFocus: false },
            )
          }
        />
      </WithHelp>
      <SaveBar saving={isSubmitting} dirty={isDirty} />
    </form>
  );
}
