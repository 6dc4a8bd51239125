import { css } from '@emotion/react';
import { Link, usePageMeta } from '@tunehouse/area-kit';
import { Card, Page } from '@tunehouse/ui';
import { ApiKeysSection } from './api-keys-section.js';

const readableForms = css`
  form {
    max-width: 42rem;
  }
`;

/** Account settings → API keys (docs/decisions/0087-api-keys-and-scopes.md). */
export function ApiKeysPage() {
  usePageMeta('API keys');
  return (
    <Page title="API keys">
      <p>
        <Link to="/account">Back to account settings</Link>
      </p>
      <div css={readableForms}>
        <Card title="API keys" id="api-keys">
          <ApiKeysSection />
        </Card>
      </div>
    </Page>
  );
}
