import { useState } from 'react';
import { css } from '@emotion/react';
import { useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import {
  PLATFORMS,
  PLATFORM_NAMES,
  TERRITORIES,
  WORLDWIDE,
  type AlbumDetail,
  type Platform,
  type Territory,
} from '@tunehouse/contracts';
import { applyFieldErrors, useShell } from '@tunehouse/area-kit';
import { Button, Notice, TextField, colors, countryOptions, radius } from '@tunehouse/ui';
import { fieldsetStyle } from '../shared/fields.js';
import { HelpLink } from '../shared/help-link.js';
import { saveAlbum } from '../shared/queries.js';
import {
  FormError,
  SaveBar,
  goesOn,
  useFocusSectionFromHash,
  useReportDirty,
  type SavedStepProps,
} from './step-kit.js';

const SECTIONS = ['platforms', 'territories'];

interface PlatformsValues {
  platforms: Platform[];
  worldwide: 'yes' | 'no';
  territories: Territory[];
}

const COUNTRIES = countryOptions(TERRITORIES) as { value: Territory; label: string }[];
const PLATFORM_CHOICES = [...PLATFORMS].sort((a, b) =>
  PLATFORM_NAMES[a].localeCompare(PLATFORM_NAMES[b], 'en'),
);

function valuesOf(album: AlbumDetail): PlatformsValues {
  const territories = album.territories ?? [];
  const platforms = album.platforms ?? [];
  return {
    // A release that has none yet is offered every platform, worldwide, until the user says otherwise.
    platforms: platforms.length === 0 ? [...PLATFORMS] : platforms,
    worldwide: territories.length === 0 || territories.length === TERRITORIES.length ? 'yes' : 'no',
    territories,
  };
}

const grid = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(12.5rem, 1fr));
  gap: 0.25rem 1rem;
  margin: 0 0 0.75rem;
  padding: 0;
  list-style: none;
  label {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.35rem 0.25rem;
    border-radius: ${radius.small};
    cursor: pointer;
  }
  label:hover {
    background: ${colors.surface};
  }
  input {
    width: 1.1rem;
    height: 1.1rem;
    margin: 0;
    accent-color: ${colors.primary};
  }
`;
const countries = css`
  ${grid};
  max-height: 20rem;
  overflow-y: auto;
  padding: 0.5rem;
  border: 1px solid ${colors.border};
  border-radius: ${radius.medium};
`;
const toolbar = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  margin-bottom: 0.5rem;
  color: ${colors.inkSoft};
  font-size: 0.9rem;
`;
const legendRow = css`
  display: flex !important;
  justify-content: space-between;
  width: 100%;
  gap: 1rem;
`;

/** Step 5: the platforms to deliver to, and the territories the release is sold in (worldwide or chosen). */
export function PlatformsStep({ album, onDirtyChange, onSaved }: SavedStepProps) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const form = useForm<PlatformsValues>({ defaultValues: valuesOf(album) });
  const { isDirty, isSubmitting, errors } = form.formState;
  useReportDirty(isDirty, onDirtyChange);
  // The suggestion of every platform, worldwide, needs saving too.
  const neverChosen = (album.platforms ?? []).length === 0 || (album.territories ?? []).length === 0;
  useFocusSectionFromHash(SECTIONS);
  const [platforms = [], worldwide, territories = []] = useWatch({
    control: form.control,
    name: ['platforms', 'worldwide', 'territories'],
  });
  const chosen = new Set<string>(territories);
  const shownCountries = COUNTRIES.filter((country) =>
    country.label.toLowerCase().includes(filter.trim().toLowerCase()),
  );

  const setPlatforms = (next: Platform[]) =>
    form.setValue(
      'platforms',
      PLATFORMS.filter((platform) => next.includes(platform)),
      { shouldDirty: true },
    );
  const setTerritories = (next: Iterable<Territory>) => {
    const set = new Set(next);
    form.setValue(
      'territories',
      TERRITORIES.filter((territory) => set.has(territory)),
      { shouldDirty: true },
    );
  };

  const submit = form.handleSubmit(async (values, event) => {
    const goOn = goesOn(event);
    setFormError(null);
    if (!isDirty && !neverChosen) {
      if (goOn) onSaved(album, true);
      return;
    }
    try {
      const saved = await saveAlbum(shell.api, queryClient, album.id, {
        platforms: values.platforms,
        territories: values.worldwide === 'yes' ? WORLDWIDE : values.territories,
      });
      form.reset(valuesOf(saved));
      shell.toasts.push('Platforms and territories saved.', 'SUCCESS');
      onSaved(saved, goOn);
    } catch (error) {
      setFormError(
        applyFieldErrors(error, form.setError, (path) =>
          path.startsWith('platforms') ? 'platforms' : path.startsWith('territories') ? 'territories' : null,
        ),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Platforms and territories">
      <FormError message={formError} />
      <fieldset css={fieldsetStyle} id="platforms">
        <legend css={legendRow}>
          <span>
            Platforms ({platforms.length} of {PLATFORMS.length})
          </span>
          <HelpLink topic="platforms" about="platforms" />
        </legend>
        <div css={toolbar}>
          <Button variant="ghost" onClick={() => setPlatforms([...PLATFORMS])}>
            Choose all
          </Button>
          <Button variant="ghost" onClick={() => setPlatforms([])}>
            Clear
          </Button>
        </div>
        {errors.platforms?.message && <Notice tone="error">{errors.platforms.message}</Notice>}
        <ul css={grid}>
          {PLATFORM_CHOICES.map((platform) => (
            <li key={platform}>
              <label>
                <input
                  type="checkbox"
                  name="platforms"
                  checked={platforms.includes(platform)}
                  onChange={(event) =>
                    setPlatforms(
                      event.target.checked
                        ? [...platforms, platform]
                        : platforms.filter((item) => item !== platform),
                    )
                  }
                />
                {PLATFORM_NAMES[platform]}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset css={fieldsetStyle} id="territories">
        <legend css={legendRow}>
          <span>Territories</span>
          <HelpLink topic="territories" about="territories" />
        </legend>
        <label css={{ display: 'flex', gap: '0.5rem', alignItems: 'center', marginBottom: '0.4rem' }}>
          <input type="radio" value="yes" {...form.register('worldwide')} />
          Worldwide ({TERRITORIES.length} territories)
        </label>
        <label css={{ display: 'flex', gap: '0.5rem', alignItems: 'center', marginBottom: '0.75rem' }}>
          <input type="radio" value="no" {...form.register('worldwide')} />
          Only the territories I choose
        </label>
        {errors.territories?.message && <Notice tone="error">{errors.territories.message}</Notice>}
        {worldwide === 'no' && (
          <>
            <TextField
              label="Find a territory"
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault();
              }}
            />
            <div css={toolbar}>
              <span aria-live="polite">
                {chosen.size} of {TERRITORIES.length} chosen
              </span>
              <Button
                variant="ghost"
                onClick={() =>
                  setTerritories([...territories, ...shownCountries.map((country) => country.value)])
                }
              >
                {filter ? 'Choose the ones shown' : 'Choose all'}
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  const hide = new Set(shownCountries.map((country) => country.value));
                  setTerritories(territories.filter((territory) => !hide.has(territory)));
                }}
              >
                {filter ? 'Clear the ones shown' : 'Clear'}
              </Button>
            </div>
            <ul css={countries} aria-label="Territories">
              {shownCountries.map((country) => (
                <li key={country.value}>
                  <label>
                    <input
                      type="checkbox"
                      checked={chosen.has(country.value)}
                      onChange={(event) =>
                        setTerritories(
                          event.target.checked
                            ? [...territories, country.value]
                            : territories.filter((territory) => territory !== country.value),
                        )
                      }
                    />
                    {country.label}
                  </label>
                </li>
              ))}
            </ul>
          </>
        )}
      </fieldset>
      <SaveBar
        saving={isSubmitting}
        dirty={isDirty}
        canSave={isDirty || neverChosen}
        note={
          (album.platforms ?? []).length === 0
            ? 'Not saved yet: every platform, worldwide, is suggested.'
            : undefined
        }
      />
    </form>
  );
}
