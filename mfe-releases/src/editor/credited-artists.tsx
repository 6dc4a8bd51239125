import { css } from '@emotion/react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ARTIST_ROLES, ARTIST_ROLE_NAMES, type Id } from '@tunehouse/contracts';
import { Button, colors, radius } from '@tunehouse/ui';

export interface CreditedArtistValue {
  artistId: Id;
  name: string;
  role: (typeof ARTIST_ROLES)[number];
}

const list = css`
  margin: 0 0 1rem;
  padding: 0;
  list-style: none;
  border: 1px solid ${colors.border};
  border-radius: ${radius.medium};
  background: ${colors.paper};
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 0.75rem;
    padding: 0.6rem 0.75rem;
  }
  li + li {
    border-top: 1px solid ${colors.border};
  }
  strong {
    flex: 1 1 10rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  select {
    min-height: 2.25rem;
    padding: 0 0.5rem;
    border: 1px solid ${colors.border};
    border-radius: ${radius.medium};
    background: ${colors.paper};
    font: inherit;
  }
  select:focus-visible {
    outline: 3px solid ${colors.focus};
  }
`;
const small = css`
  min-height: 2.25rem;
  padding: 0 0.7rem;
`;

/** Credited artists in billing order: role, move up or down, remove. */
export function CreditedArtists({
  fields,
  roleField,
  onMove,
  onRemove,
  empty,
}: {
  fields: readonly (CreditedArtistValue & { id: string })[];
  roleField: (index: number) => UseFormRegisterReturn;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  empty: string;
}) {
  if (fields.length === 0) return <p css={{ color: colors.muted, margin: '0 0 1rem' }}>{empty}</p>;
  return (
    <ol css={list}>
      {fields.map((field, index) => (
        <li key={field.id} data-artist={String(field.artistId)}>
          <strong>{field.name}</strong>
          <select aria-label={`Role of ${field.name}`} {...roleField(index)}>
            {ARTIST_ROLES.map((role) => (
              <option key={role} value={role}>
                {ARTIST_ROLE_NAMES[role]}
              </option>
            ))}
          </select>
          <Button
            variant="ghost"
            css={small}
            disabled={index === 0}
            aria-label={`Move ${field.name} up`}
            onClick={() => onMove(index, index - 1)}
          >
            ↑
          </Button>
          <Button
            variant="ghost"
            css={small}
            disabled={index === fields.length - 1}
            aria-label={`Move ${field.name} down`}
            onClick={() => onMove(index, index + 1)}
          >
            ↓
          </Button>
          <Button
            variant="ghost"
            css={small}
            aria-label={`Remove ${field.name}`}
            onClick={() => onRemove(index)}
          >
            Remove
          </Button>
        </li>
      ))}
    </ol>
  );
}
