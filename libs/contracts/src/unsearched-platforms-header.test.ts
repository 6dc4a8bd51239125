import { describe, expect, it } from 'vitest';
import { formatUnsearchedPlatforms, parseUnsearchedPlatforms } from './unsearched-platforms-header.js';

describe('X-Unsearched-Platforms', () => {
  it('is a structured-field dictionary of lowercase platform keys and reason tokens, and reads back', () => {
    const unsearched = [
      { platform: 'SPOTIFY', reason: 'NOT_CONFIGURED' },
      { platform: 'APPLE_MUSIC', reason: 'UNAVAILABLE' },
    ] as const;
    const value = formatUnsearchedPlatforms(unsearched);
    expect(value).toBe('spotify=NOT_CONFIGURED, apple_music=UNAVAILABLE');
    expect(parseUnsearchedPlatforms(value)).toEqual(unsearched);
  });

  it('is left out when nothing was unsearched; a missing header is an empty list', () => {
    expect(formatUnsearchedPlatforms([])).toBeNull();
    expect(parseUnsearchedPlatforms(null)).toEqual([]);
    expect(parseUnsearchedPlatforms('')).toEqual([]);
  });

  it('skips members it does not know instead of failing the answer', () => {
    expect(
      parseUnsearchedPlatforms('myspace=NOT_CONFIGURED, deezer=LATER, tidal, gracenote=NOT_SUPPORTED'),
    ).toEqual([{ platform: 'GRACENOTE', reason: 'NOT_SUPPORTED' }]);
  });
});
