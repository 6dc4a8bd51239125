import { useId, useState } from 'react';
import { css } from '@emotion/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Id } from '@tunehouse/contracts';
import { messageOf, useApiForm, useShell } from '@tunehouse/area-kit';
import { Button, Notice, TextField, colors, radius } from '@tunehouse/ui';
import { artistChoicesQuery, createArtist, releaseKeys } from '../shared/queries.js';
import { useDebounced } from '../shared/use-debounced.js';

export interface PickedArtist {
  id: Id;
  name: string;
}

const results = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: -0.25rem 0 1rem;
  padding: 0;
  list-style: none;
  button {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    min-height: 2.25rem;
    padding: 0 0.8rem;
    border: 1px solid ${colors.border};
    border-radius: ${radius.round};
    background: ${colors.paper};
    color: ${colors.ink};
    font: inherit;
    font-size: 0.9rem;
    cursor: pointer;
  }
  button:hover {
    border-color: ${colors.primary};
    color: ${colors.primary};
  }
  button:focus-visible {
    outline: 3px solid ${colors.focus};
    outline-offset: 2px;
  }
`;

/**
 * Finds the account's artists by name and adds one; a name that matches none can become a new artist at once.
 * Artists already credited are left out.
 */
export function ArtistPicker({
  label,
  exclude,
  onPick,
}: {
  label: string;
  exclude: readonly Id[];
  onPick: (artist: PickedArtist) => void;
}) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const listId = useId();
  const [term, setTerm] = useState('');
  const q = useDebounced(term.trim());
  const choices = useQuery(artistChoicesQuery(shell.api, q));
  const excluded = new Set(exclude.map(String));
  const found = (choices.data?.items ?? []).filter((artist) => !excluded.has(String(artist.id))).slice(0, 8);
  const exact = (choices.data?.items ?? []).some(
    (artist) => artist.name.toLowerCase() === term.trim().toLowerCase(),
  );

  const creation = useApiForm({
    send: (name: string, api) => createArtist(api, name),
    onSuccess: async (artist) => {
      await queryClient.invalidateQueries({ queryKey: releaseKeys.artistChoices });
      onPick({ id: artist.id, name: artist.name });
      setTerm('');
    },
    successToast: (artist) => `${artist.name} was added to your artists.`,
  });
  const { busy: creating, formError: error } = creation;
  const create = () => creation.submit(term.trim());

  return (
    <div>
      <TextField
        label={label}
        type="search"
        value={term}
        placeholder="Type a name"
        autoComplete="off"
        aria-controls={listId}
        onChange={(event) => setTerm(event.target.value)}
        onKeyDown={(event) => {
          // Enter picks the only match, and never submits the step's form.
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (found.length === 1 && found[0]) {
            onPick({ id: found[0].id, name: found[0].name });
            setTerm('');
          }
        }}
      />
      {error && <Notice tone="error">{error}</Notice>}
      {choices.isError && (
        <Notice tone="error">Your artists could not be loaded. {messageOf(choices.error)}</Notice>
      )}
      <ul css={results} id={listId} aria-label={`${label}: choices`}>
        {found.map((artist) => (
          <li key={String(artist.id)}>
            <button
              type="button"
              onClick={() => {
                onPick({ id: artist.id, name: artist.name });
                setTerm('');
              }}
            >
              <span aria-hidden="true">+</span> {artist.name}
            </button>
          </li>
        ))}
        {term.trim() !== '' && !exact && choices.data && (
          <li>
            <Button variant="ghost" disabled={creating} onClick={() => void create()}>
              {creating ? 'Creating…' : `Create “${term.trim()}” as a new artist`}
            </Button>
          </li>
        )}
      </ul>
    </div>
  );
}
