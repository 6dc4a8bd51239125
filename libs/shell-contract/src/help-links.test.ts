import { describe, expect, it } from 'vitest';
import { HELP_TOPICS, defaultHelpLinks, guidesLink } from './help-links.js';

describe('help links', () => {
  it('gives every topic of the spec a URL under the help centre', () => {
    const links = defaultHelpLinks('https://help.example.org/');
    expect(Object.keys(links)).toEqual([...HELP_TOPICS]);
    expect(links.upc).toBe('https://help.example.org/articles/upc');
    expect(links.coverOrRemix).toBe('https://help.example.org/articles/cover-or-remix');
    expect(links.terms).toBe('https://help.example.org/terms');
    expect(guidesLink(links, 'getting paid')).toBe('https://help.example.org/guides/getting%20paid');
  });
});
