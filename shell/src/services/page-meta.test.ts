import { describe, expect, it } from 'vitest';
import { DEFAULT_DESCRIPTION, applyPageMeta, documentTitle } from './page-meta.js';

describe('page meta', () => {
  it("titles a page '{title} — product' and falls back to the product's tagline", () => {
    expect(documentTitle('Tunehouse', 'Wallet')).toBe('Wallet — Tunehouse');
    expect(documentTitle('Tunehouse')).toBe('Release your music with Tunehouse');
  });

  it('sets the title, og:title, description and og:description', () => {
    applyPageMeta('Tunehouse', { title: 'Artists', description: 'Your artists' });
    expect(document.title).toBe('Artists — Tunehouse');
    expect(document.head.querySelector<HTMLMetaElement>('meta[property="og:title"]')?.content).toBe(
      'Artists — Tunehouse',
    );
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toBe(
      'Your artists',
    );
    applyPageMeta('Tunehouse', {});
    expect(document.head.querySelector<HTMLMetaElement>('meta[property="og:description"]')?.content).toBe(
      DEFAULT_DESCRIPTION,
    );
  });

  it('applies the minimum width only to pages that ask for it', () => {
    applyPageMeta('Tunehouse', { title: 'Label copy', minWidth: true });
    expect(document.body.style.minWidth).toBe('900px');
    applyPageMeta('Tunehouse', { title: 'Artists' });
    expect(document.body.style.minWidth).toBe('');
  });
});
