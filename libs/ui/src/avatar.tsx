import { useState } from 'react';
import { css } from '@emotion/react';
import { Tooltip } from './tooltip.js';
import { colors, fonts, radius } from './theme.js';

/** Backgrounds for initials; white text on each has a contrast of at least 5.9:1. */
const INITIALS_BACKGROUNDS = ['#5533e6', '#2456c7', '#17724a', '#a3265e', '#4a4658', '#8a4b00', '#0f6e7a'];

/** Up to two initials: the first letters of the first and the last word ('The Öresund Echoes' → 'TE'). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  const first = (word: string | undefined) =>
    word ? (Array.from(word).find((char) => /[\p{L}\p{N}]/u.test(char)) ?? '') : '';
  if (words.length === 0) return '?';
  const initials = words.length === 1 ? first(words[0]) : first(words[0]) + first(words[words.length - 1]);
  return initials.toLocaleUpperCase();
}

/** The same name always gets the same background. */
export function initialsBackground(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return INITIALS_BACKGROUNDS[hash % INITIALS_BACKGROUNDS.length]!;
}

export interface AvatarProps {
  name: string;
  /** The picture; when it is missing or fails to load, the initials show instead. */
  src?: string | null | undefined;
  /** Edge length in px. */
  size?: number;
  shape?: 'circle' | 'square';
  /** Hidden from assistive technology when the name is written next to it anyway. */
  decorative?: boolean;
}

const baseStyle = css`
  position: relative;
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  overflow: hidden;
  box-sizing: border-box;
  color: #fff;
  font-family: ${fonts.body};
  font-weight: 700;
  letter-spacing: 0.02em;
  user-select: none;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
    display: block;
  }
`;

/** A person's or an artist's picture, or their initials when there is none or it cannot be loaded. */
export function Avatar({ name, src, size = 40, shape = 'circle', decorative = false }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = Boolean(src) && failed !== src;
  return (
    <span
      css={baseStyle}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative ? true : undefined}
      data-avatar={showImage ? 'image' : 'initials'}
      style={{
        width: size,
        height: size,
        fontSize: Math.max(10, Math.round(size * 0.38)),
        borderRadius: shape === 'circle' ? radius.round : radius.medium,
        background: showImage ? colors.surface : initialsBackground(name),
      }}
    >
      {showImage ? (
        <img src={src!} alt="" loading="lazy" onError={() => setFailed(src ?? null)} />
      ) : (
        <span aria-hidden="true">{initialsOf(name)}</span>
      )}
    </span>
  );
}

export interface AvatarGroupProps {
  people: readonly { name: string; src?: string | null | undefined }[];
  /** How many avatars show before the rest are counted (3 by default). */
  max?: number;
  /** Whether the hidden ones are counted in a '+N' bubble. */
  counter?: boolean;
  size?: number;
  /** Names the group; by default the names of everyone in it. */
  label?: string;
}

/**
 * Avatar group: 3 avatars by default, one fewer when exactly 2 would be hidden and the counter is enabled. Read
 * literally: with `max` shown, `total - max` would be hidden; when that is exactly 2 and the counter
 * is on, `max - 1` avatars show (and the counter then counts 3).
 */
export function visibleAvatarCount(total: number, max = 3, counter = true): number {
  const count = Math.max(0, Math.floor(total));
  const limit = Math.max(0, Math.floor(max));
  if (count <= limit) return count;
  return counter && count - limit === 2 ? Math.max(0, limit - 1) : limit;
}

/** Overlapping avatars with a '+N' counter for the rest, whose names its tooltip lists. */
export function AvatarGroup({ people, max = 3, counter = true, size = 32, label }: AvatarGroupProps) {
  const shown = visibleAvatarCount(people.length, max, counter);
  const hidden = people.slice(shown);
  const ring = css`
    display: inline-flex;
    border-radius: ${radius.round};
    box-shadow: 0 0 0 2px ${colors.paper};
    &:not(:first-of-type) {
      margin-left: ${-Math.round(size / 4)}px;
    }
  `;
  return (
    <span
      role="group"
      aria-label={label ?? people.map((person) => person.name).join(', ')}
      css={css`
        display: inline-flex;
        align-items: center;
      `}
    >
      {people.slice(0, shown).map((person, index) => (
        <span key={`${person.name}-${index}`} css={ring}>
          <Avatar name={person.name} src={person.src} size={size} />
        </span>
      ))}
      {counter && hidden.length > 0 && (
        <span css={ring}>
          <Tooltip content={hidden.map((person) => person.name).join(', ')}>
            <span
              tabIndex={0}
              aria-label={`and ${hidden.length} more`}
              data-avatar-counter=""
              css={css`
                display: inline-flex;
                align-items: center;
                justify-content: center;
                border-radius: ${radius.round};
                background: ${colors.surface};
                color: ${colors.inkSoft};
                font: 700 ${Math.max(10, Math.round(size * 0.36))}px / 1 ${fonts.body};
                border: 1px solid ${colors.border};
                box-sizing: border-box;
                &:focus-visible {
                  outline: 3px solid ${colors.focus};
                }
              `}
              style={{ width: size, height: size }}
            >
              +{hidden.length}
            </span>
          </Tooltip>
        </span>
      )}
    </span>
  );
}
