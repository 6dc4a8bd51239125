import { describe, expect, it } from 'vitest';
import { playerArtists, playerTitle } from './player-labels.js';

const track = { id: 1, url: 'x' };

describe('player labels', () => {
  it('falls back to Untitled', () => {
    expect(playerTitle({ ...track, title: '  ' })).toBe('Untitled');
    expect(playerTitle({ ...track, title: 'Blue' })).toBe('Blue');
  });

  it('names up to 2 artists, else Unknown artist when there are none', () => {
    expect(playerArtists(track)).toBe('Unknown artist');
    expect(playerArtists({ ...track, artists: ['Mara', 'Kofi'] })).toBe('Mara, Kofi');
    expect(playerArtists({ ...track, artists: ['Mara', 'Kofi', 'Sam'] })).toBe('Mara, Kofi and others');
  });
});
