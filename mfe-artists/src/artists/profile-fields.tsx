import { useState } from 'react';
import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import {
  ARTIST_PROFILE_PLATFORMS,
  ARTIST_PROFILE_URL_EXAMPLES,
  PLATFORM_NAMES,
  type ArtistProfilePlatform,
  type ArtistProfileSuggestion,
  type UnsearchedReason,
} from '@tunehouse/contracts';
import { messageOf, useShell } from '@tunehouse/area-kit';
import { Avatar, Button, SelectField, TextField, colors, radius } from '@tunehouse/ui';
import { useDebouncedValue } from '../shared/use-debounced-value.js';
import { artistSuggestionsQuery } from './artist-queries.js';
import { looksLikeLink, type ArtistFormValues } from './artist-form-schema.js';

type Form = UseFormReturn<ArtistFormValues>;

const MAX_SUGGESTIONS = 5;

const rowStyle = css`
  border: 1px solid ${colors.border};
  border-radius: ${radius.medium};
  padding: 0.75rem 0.9rem 0.1rem;
  margin-bottom: 0.75rem;
  header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
    margin-bottom: 0.5rem;
  }
  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;

const suggestionListStyle = css`
  list-style: none;
  margin: 0 0 0.9rem;
  padding: 0;
  display: grid;
  gap: 0.35rem;
  li {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    min-width: 0;
  }
  button {
    flex: 1;
    min-width: 0;
    display: flex;
    align-items: center;
    gap: 0.6rem;
    padding: 0.4rem 0.5rem;
    border: 1px solid ${colors.border};
    border-radius: ${radius.medium};
    background: ${colors.paper};
    color: ${colors.ink};
    font: inherit;
    text-align: left;
    cursor: pointer;
    &:hover {
      border-color: ${colors.primary};
      background: ${colors.surface};
    }
    &:focus-visible {
      outline: 3px solid ${colors.focus};
      outline-offset: 1px;
    }
  }
  a {
    flex: none;
    color: ${colors.primary};
    font-size: 0.85rem;
  }
`;

const noteStyle = css`
  margin: 0 0 0.75rem;
  font-size: 0.85rem;
  color: ${colors.inkSoft};
  line-height: 1.45;
`;

const UNSEARCHED: Record<UnsearchedReason, (platform: string) => string> = {
  NOT_CONFIGURED: (platform) =>
    `${platform} itself is not searched on this installation; these are ${platform} profiles already linked on Tunehouse.`,
  UNAVAILABLE: (platform) =>
    `${platform} did not answer in time; these are ${platform} profiles already linked on Tunehouse.`,
  NOT_SUPPORTED: (platform) => `${platform} cannot be searched; paste the link to the artist page.`,
};

/** Where a link leads, without the scheme: short enough for a line. */
const shortLink = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '');

/** The artist's profiles on the platforms: a link typed by hand, or a suggestion found by name. */
export function ProfileFields({ form }: { form: Form }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'profiles' });
  const [adding, setAdding] = useState<string>('');
  const used = new Set(fields.map((field) => field.platform));
  const available = ARTIST_PROFILE_PLATFORMS.filter((platform) => !used.has(platform));

  return (
    <fieldset
      css={css`
        border: none;
        margin: 0;
        padding: 0;
        min-width: 0;
        legend {
          padding: 0;
          margin-bottom: 0.25rem;
          font-weight: 600;
          font-size: 0.9rem;
        }
      `}
    >
      <legend>Platform profiles</legend>
      <p
        css={css`
          ${noteStyle};
          color: ${colors.muted};
        `}
      >
        Link the artist’s pages so releases reach the right profile on each platform.
      </p>
      {fields.map((field, index) => (
        <ProfileRowField
          key={field.id}
          form={form}
          index={index}
          platform={field.platform}
          onRemove={() => remove(index)}
        />
      ))}
      {available.length > 0 && (
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            align-items: flex-end;
            gap: 0 0.75rem;
            > div {
              flex: 1 1 12rem;
            }
            > button {
              margin-bottom: 1rem;
            }
          `}
        >
          <SelectField
            label="Add a profile on"
            placeholder="Choose a platform"
            options={available.map((platform) => ({ value: platform, label: PLATFORM_NAMES[platform] }))}
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
          />
          <Button
            variant="secondary"
            disabled={adding === ''}
            onClick={() => {
              const platform = adding as ArtistProfilePlatform;
              append({ platform, url: '', name: '', imageUrl: null }, { shouldFocus: true });
              setAdding('');
            }}
          >
            Add profile
          </Button>
        </div>
      )}
    </fieldset>
  );
}

function ProfileRowField({
  form,
  index,
  platform,
  onRemove,
}: {
  form: Form;
  index: number;
  platform: ArtistProfilePlatform;
  onRemove: () => void;
}) {
  const platformName = PLATFORM_NAMES[platform];
  const [url, name, imageUrl, artistName] = useWatch({
    control: form.control,
    name: [`profiles.${index}.url`, `profiles.${index}.name`, `profiles.${index}.imageUrl`, 'name'],
  });
  const error = form.formState.errors.profiles?.[index]?.url?.message;
  const linked = name !== '' && looksLikeLink(url) && !error;

  const pick = (suggestion: ArtistProfileSuggestion) => {
    form.setValue(`profiles.${index}.url`, suggestion.url, { shouldDirty: true });
    form.setValue(`profiles.${index}.name`, suggestion.name, { shouldDirty: true });
    form.setValue(`profiles.${index}.imageUrl`, suggestion.imageUrl || null, { shouldDirty: true });
    form.clearErrors(`profiles.${index}.url`);
  };

  return (
    <section css={rowStyle} aria-label={`${platformName} profile`}>
      <header>
        <h3>{platformName}</h3>
        <Button variant="ghost" onClick={onRemove} aria-label={`Remove the ${platformName} profile`}>
          Remove
        </Button>
      </header>
      {linked && (
        <p
          css={css`
            ${noteStyle};
            display: flex;
            align-items: center;
            gap: 0.5rem;
          `}
        >
          <Avatar name={name} src={imageUrl} size={28} decorative />
          <span>
            Linked to <strong>{name}</strong>
          </span>
        </p>
      )}
      <TextField
        label={`${platformName} link`}
        placeholder={ARTIST_PROFILE_URL_EXAMPLES[platform]}
        hint={`Paste the link to the artist page, or type a name to search ${platformName}.`}
        autoComplete="off"
        spellCheck={false}
        error={error}
        {...form.register(`profiles.${index}.url`, {
          // A link typed by hand is no longer the suggestion that was picked.
          onChange: () => {
            form.setValue(`profiles.${index}.name`, '');
            form.setValue(`profiles.${index}.imageUrl`, null);
          },
        })}
      />
      {!looksLikeLink(url) && (
        <Suggestions platform={platform} term={url.trim() || artistName.trim()} onPick={pick} />
      )}
    </section>
  );
}

function Suggestions({
  platform,
  term,
  onPick,
}: {
  platform: ArtistProfilePlatform;
  term: string;
  onPick: (suggestion: ArtistProfileSuggestion) => void;
}) {
  const shell = useShell();
  const q = useDebouncedValue(term.slice(0, 200), 300);
  const suggestions = useQuery(artistSuggestionsQuery(shell.api, platform, q));
  const platformName = PLATFORM_NAMES[platform];
  if (q === '') return null;
  if (suggestions.isPending)
    return (
      <p role="status" css={noteStyle}>
        Searching {platformName} for “{q}”…
      </p>
    );
  if (suggestions.isError)
    return (
      <p role="status" css={noteStyle}>
        Suggestions could not be loaded ({messageOf(suggestions.error)}). Paste the link instead.
      </p>
    );
  const unsearched = suggestions.data.unsearchedPlatforms.find((entry) => entry.platform === platform);
  const items = suggestions.data.items.filter((item) => item.platform === platform).slice(0, MAX_SUGGESTIONS);
  return (
    <div>
      {unsearched && <p css={noteStyle}>{UNSEARCHED[unsearched.reason](platformName)}</p>}
      {items.length === 0 ? (
        unsearched?.reason !== 'NOT_SUPPORTED' && (
          <p role="status" css={noteStyle}>
            No {platformName} profile found for “{q}”. Paste the link to the artist page instead.
          </p>
        )
      ) : (
        <ul css={suggestionListStyle} aria-label={`${platformName} suggestions for ${q}`}>
          {items.map((item) => (
            <li key={item.platformId}>
              <button
                type="button"
                onClick={() => onPick(item)}
                aria-label={`Use ${item.name}, ${shortLink(item.url)}`}
              >
                <Avatar name={item.name} src={item.imageUrl} size={32} decorative />
                <span
                  css={css`
                    display: grid;
                    min-width: 0;
                    span {
                      overflow: hidden;
                      text-overflow: ellipsis;
                      white-space: nowrap;
                    }
                  `}
                >
                  <strong>{item.name}</strong>
                  <span
                    css={css`
                      font-size: 0.8rem;
                      color: ${colors.muted};
                    `}
                  >
                    {shortLink(item.url)}
                  </span>
                </span>
              </button>
              <a
                href={item.url}
                target="_blank"
                rel="noreferrer"
                aria-label={`View ${item.name} on ${platformName}`}
              >
                View
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
