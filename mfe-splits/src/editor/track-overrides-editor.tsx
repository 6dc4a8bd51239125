import { useState } from 'react';
import { css } from '@emotion/react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button, SelectField, colors, mq } from '@tunehouse/ui';
import type { EditorValues } from './editor-values.js';
import { ShareRows, errorAt } from './share-rows.js';

export interface EditorTrack {
  id: string;
  title: string;
  position: number;
}

const pickStyle = css`
  display: grid;
  gap: 0 0.75rem;
  grid-template-columns: 1fr;
  align-items: end;
  ${mq('tablet')} {
    grid-template-columns: minmax(0, 22rem) auto;
    > button {
      margin-bottom: 1rem;
    }
  }
`;

const blockStyle = css`
  border: 1px solid ${colors.border};
  border-radius: 8px;
  padding: 1rem;
  margin: 0 0 1rem;
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1rem;
  }
`;

export const trackName = (track: EditorTrack) => `${track.position}. ${track.title}`;

/**
 * Tracks whose royalties are split differently from the release: choose a track, then its own rows (starting
 * from the release-wide ones). A track without its own shares follows the release.
 */
export function TrackOverridesEditor({ tracks }: { tracks: readonly EditorTrack[] }) {
  const { control, getValues, formState } = useFormContext<EditorValues>();
  const overrides = useFieldArray({ control, name: 'tracks' });
  const [chosen, setChosen] = useState('');
  const taken = new Set(overrides.fields.map((override) => override.trackId));
  const free = tracks.filter((track) => !taken.has(track.id));
  const byId = new Map(tracks.map((track) => [track.id, track]));
  if (tracks.length === 0) return <p css={{ color: colors.inkSoft }}>This release has no tracks yet.</p>;
  return (
    <>
      {overrides.fields.map((override, index) => {
        const track = byId.get(override.trackId);
        const name = track ? trackName(track) : 'A removed track';
        return (
          <section key={override.id} css={blockStyle} aria-label={`Own shares of ${name}`}>
            <h3>{name}</h3>
            {errorAt(formState.errors, `tracks.${index}.trackId`) && (
              <p role="alert" css={{ color: colors.danger }}>
                {errorAt(formState.errors, `tracks.${index}.trackId`)}
              </p>
            )}
            <ShareRows name={`tracks.${index}.participants`} track={name} />
            <p>
              <Button variant="ghost" onClick={() => overrides.remove(index)}>
                {`Use the release-wide shares for ${name}`}
              </Button>
            </p>
          </section>
        );
      })}
      {free.length > 0 && (
        <div css={pickStyle}>
          <SelectField
            label="Track"
            placeholder="Choose a track"
            options={free.map((track) => ({ value: track.id, label: trackName(track) }))}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          />
          <Button
            variant="secondary"
            disabled={!chosen}
            onClick={() => {
              overrides.append({ trackId: chosen, participants: getValues('participants') });
              setChosen('');
            }}
          >
            Give this track its own shares
          </Button>
        </div>
      )}
    </>
  );
}
