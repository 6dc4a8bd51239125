import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { CREDIT_ROLES, CREDIT_ROLE_NAMES } from '@tunehouse/contracts';
import { useShell } from '@tunehouse/area-kit';
import { Button, SelectField, TextAreaField, TextField, colors, radius } from '@tunehouse/ui';
import { Checkbox, fieldRow, fieldsetStyle } from '../shared/fields.js';
import { HelpLink, WithHelp } from '../shared/help-link.js';
import { GENRE_OPTIONS, languageOptions } from '../shared/labels.js';
import { contributorChoicesQuery } from '../shared/queries.js';
import { ArtistPicker } from './artist-picker.js';
import { CreditedArtists } from './credited-artists.js';
import type { TracksValues } from './track-values.js';

const LANGUAGES = languageOptions();
const ADVISORY_OPTIONS = [
  { value: 'NONE', label: 'Not explicit' },
  { value: 'EXPLICIT', label: 'Explicit' },
  { value: 'CLEAN', label: 'Clean version of an explicit track' },
];
const KIND_OPTIONS = [
  { value: 'ORIGINAL', label: 'Original recording' },
  { value: 'COVER', label: 'Cover of another song' },
  { value: 'REMIX', label: 'Remix' },
];
const ROLE_OPTIONS = CREDIT_ROLES.map((role) => ({ value: role, label: CREDIT_ROLE_NAMES[role] }));

const panel = css`
  padding: 1rem 0.9rem 0.25rem;
  border-top: 1px solid ${colors.border};
  background: ${colors.paper};
  h4 {
    margin: 0.5rem 0 0.75rem;
    font-size: 1rem;
  }
`;
const headingWithHelp = css`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 1rem;
`;
const contributorRow = css`
  display: grid;
  gap: 0 0.75rem;
  align-items: end;
  padding: 0.75rem 0.75rem 0;
  margin-bottom: 0.75rem;
  border: 1px solid ${colors.border};
  border-radius: ${radius.medium};
  @media (min-width: 720px) {
    grid-template-columns: 2fr 1.5fr 1.5fr auto;
    button {
      margin-bottom: 1rem;
    }
  }
  button {
    margin-bottom: 0.75rem;
    justify-self: start;
  }
`;

/** Everything about one track: titles, identifiers, genres, lines, advisory, cover/remix, artists, credits, lyrics. */
export function TrackPanel({ index }: { index: number }) {
  const shell = useShell();
  const form = useFormContext<TracksValues>();
  const { errors } = form.formState;
  const trackErrors = errors.tracks?.[index];
  const base = `tracks.${index}` as const;
  const artists = useFieldArray({ control: form.control, name: `${base}.artists` });
  const contributors = useFieldArray({ control: form.control, name: `${base}.contributors` });
  const [kind, instrumental, credited] = useWatch({
    control: form.control,
    name: [`${base}.kind`, `${base}.instrumental`, `${base}.artists`],
  });
  const known = useQuery(contributorChoicesQuery(shell.api, ''));
  const datalistId = `known-contributors-${index}`;

  return (
    <div css={panel} data-track-panel={index + 1}>
      <div css={fieldRow}>
        <WithHelp topic="trackTitle" about="track title">
          <TextField label="Title" error={trackErrors?.title?.message} {...form.register(`${base}.title`)} />
        </WithHelp>
        <WithHelp topic="trackVersion" about="track version">
          <TextField
            label="Version (optional)"
            hint="For example Radio Edit or Acoustic"
            error={trackErrors?.version?.message}
            {...form.register(`${base}.version`)}
          />
        </WithHelp>
      </div>
      <div css={fieldRow}>
        <WithHelp topic="isrc" about="ISRC">
          <TextField
            label="ISRC (optional)"
            hint="Such as NLA1F2600001; the review says when one is assigned for you"
            autoComplete="off"
            error={trackErrors?.isrc?.message}
            {...form.register(`${base}.isrc`)}
          />
        </WithHelp>
        <WithHelp topic="preview" about="preview start">
          <TextField
            label="Preview starts at (seconds)"
            hint="Stores play 30 seconds from here"
            inputMode="decimal"
            error={trackErrors?.previewStart?.message}
            {...form.register(`${base}.previewStart`)}
          />
        </WithHelp>
      </div>
      <div css={fieldRow}>
        <WithHelp topic="trackGenres" about="track genres">
          <SelectField
            label="Primary genre"
            placeholder="Choose a genre"
            options={GENRE_OPTIONS}
            error={trackErrors?.primaryGenre?.message}
            {...form.register(`${base}.primaryGenre`)}
          />
        </WithHelp>
        <SelectField
          label="Secondary genre (optional)"
          placeholder="None"
          options={GENRE_OPTIONS}
          error={trackErrors?.secondaryGenre?.message}
          {...form.register(`${base}.secondaryGenre`)}
        />
      </div>
      <div css={fieldRow}>
        <WithHelp topic="trackMasterOwner" about="track master owner (℗ line)">
          <TextField label="℗ line" error={trackErrors?.pLine?.message} {...form.register(`${base}.pLine`)} />
        </WithHelp>
        <WithHelp topic="trackCopyright" about="track copyright (© line)">
          <TextField label="© line" error={trackErrors?.cLine?.message} {...form.register(`${base}.cLine`)} />
        </WithHelp>
      </div>
      <div css={fieldRow}>
        <SelectField
          label="Explicit content"
          options={ADVISORY_OPTIONS}
          error={trackErrors?.advisory?.message}
          {...form.register(`${base}.advisory`)}
        />
        <WithHelp topic="vocals" about="vocals and instrumentals">
          <fieldset css={fieldsetStyle}>
            <legend>Vocals</legend>
            <Checkbox label="Instrumental (no vocals)" {...form.register(`${base}.instrumental`)} />
          </fieldset>
        </WithHelp>
      </div>
      <div css={fieldRow}>
        <WithHelp topic="coverOrRemix" about="covers and remixes">
          <SelectField label="Recording" options={KIND_OPTIONS} {...form.register(`${base}.kind`)} />
        </WithHelp>
        <div />
      </div>
      {kind !== 'ORIGINAL' && (
        <div css={fieldRow}>
          <TextField
            label="Original title"
            error={trackErrors?.originalTitle?.message}
            {...form.register(`${base}.originalTitle`)}
          />
          <TextField
            label="Original artist"
            error={trackErrors?.originalArtist?.message}
            {...form.register(`${base}.originalArtist`)}
          />
        </div>
      )}

      <h4 css={headingWithHelp}>
        Track artists <HelpLink topic="trackArtists" about="track artists" />
      </h4>
      <CreditedArtists
        fields={artists.fields}
        roleField={(position) => form.register(`${base}.artists.${position}.role`)}
        onMove={artists.move}
        onRemove={artists.remove}
        empty="No artist is credited on this track yet."
      />
      <ArtistPicker
        label="Add an artist to this track"
        exclude={(credited ?? []).map((artist) => artist.artistId)}
        onPick={(artist) =>
          artists.append({
            artistId: artist.id,
            name: artist.name,
            role: (credited ?? []).some((existing) => existing.role === 'PRIMARY') ? 'FEATURING' : 'PRIMARY',
          })
        }
      />

      <h4 css={headingWithHelp}>
        Credits <HelpLink topic="contributors" about="contributors and credits" />
      </h4>
      {contributors.fields.length === 0 && (
        <p css={{ color: colors.muted, margin: '0 0 0.75rem' }}>
          Credit the songwriters, producers and engineers of this track.
        </p>
      )}
      <datalist id={datalistId}>
        {(known.data?.items ?? []).map((contributor) => (
          <option key={String(contributor.id)} value={contributor.name} />
        ))}
      </datalist>
      {contributors.fields.map((field, position) => {
        const contributorErrors = trackErrors?.contributors?.[position];
        const name = form.register(`${base}.contributors.${position}.name`);
        return (
          <div key={field.id} css={contributorRow} data-contributor={position + 1}>
            <TextField
              label="Name"
              list={datalistId}
              autoComplete="off"
              error={contributorErrors?.name?.message}
              {...name}
              onChange={(event) => {
                // A name typed anew is a new contributor, unless it is one the account already has.
                const match = known.data?.items.find(
                  (contributor) => contributor.name.toLowerCase() === event.target.value.trim().toLowerCase(),
                );
                form.setValue(`${base}.contributors.${position}.contributorId`, match ? match.id : null);
                if (match && !form.getValues(`${base}.contributors.${position}.role`))
                  form.setValue(`${base}.contributors.${position}.role`, match.role);
                if (match?.publisher && !form.getValues(`${base}.contributors.${position}.publisher`))
                  form.setValue(`${base}.contributors.${position}.publisher`, match.publisher);
                return name.onChange(event);
              }}
            />
            <SelectField
              label="Role"
              placeholder="Choose a role"
              options={ROLE_OPTIONS}
              error={contributorErrors?.role?.message}
              {...form.register(`${base}.contributors.${position}.role`)}
            />
            <TextField
              label="Publisher (optional)"
              error={contributorErrors?.publisher?.message}
              {...form.register(`${base}.contributors.${position}.publisher`)}
            />
            <Button
              variant="ghost"
              aria-label={`Remove credit ${position + 1}`}
              onClick={() => contributors.remove(position)}
            >
              Remove
            </Button>
          </div>
        );
      })}
      <Button
        variant="secondary"
        onClick={() => contributors.append({ contributorId: null, name: '', role: '', publisher: '' })}
      >
        Add a credit
      </Button>

      {!instrumental && (
        <>
          <h4>Lyrics</h4>
          <div css={fieldRow}>
            <SelectField
              label="Language of the lyrics"
              placeholder="Choose a language"
              options={LANGUAGES}
              error={trackErrors?.lyricsLanguage?.message}
              {...form.register(`${base}.lyricsLanguage`)}
            />
            <div />
          </div>
          <TextAreaField
            label="Lyrics (optional)"
            error={trackErrors?.lyrics?.message}
            {...form.register(`${base}.lyrics`)}
          />
        </>
      )}
    </div>
  );
}
