import { css } from '@emotion/react';
import { Page, colors, fonts } from '@tunehouse/ui';
import { usePageMeta } from './use-page-meta.js';
import { useParams, useSearchParams } from './routing.js';

const list = css`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.4rem 1.5rem;
  margin: 1rem 0 0;
  dt {
    color: ${colors.muted};
  }
  dd {
    margin: 0;
    font-family: ${fonts.mono};
  }
`;

/**
 * A route whose area has not been built yet: it shows the route's title and the parameters it was given,
 * so navigation, ownership and deep links can be proven before the screens exist.
 */
export function RoutePlaceholder({ title, area }: { title: string; area: string }) {
  usePageMeta(title);
  const params = useParams();
  const [search] = useSearchParams();
  const entries = [
    ...Object.entries(params).map(([key, value]) => [key, value ?? ''] as const),
    ...[...search.entries()].map(([key, value]) => [`?${key}`, value] as const),
  ];
  return (
    <Page title={title}>
      <p data-area={area}>This part of Tunehouse is being built.</p>
      {entries.length > 0 && (
        <dl css={list} aria-label="Route parameters">
          {entries.map(([key, value]) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt>{key}</dt>
              <dd data-param={key}>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Page>
  );
}
