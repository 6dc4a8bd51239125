import { describe, expect, it } from 'vitest';
import { escapeMarkup } from './escape-markup.js';

describe('escapeMarkup', () => {
  it('keeps a title from opening tags or leaving a quoted attribute', () => {
    expect(escapeMarkup(`Rock & Roll <b>"Live"</b> 'n'`)).toBe(
      'Rock &amp; Roll &lt;b&gt;&quot;Live&quot;&lt;/b&gt; &#39;n&#39;',
    );
    expect(escapeMarkup('Last Train to Malmö')).toBe('Last Train to Malmö');
  });
});
