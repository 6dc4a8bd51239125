import { type FormEvent, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { css } from '@emotion/react';
import { API_KEY_SCOPES, type ApiKey, call, endpoints, type NewApiKey } from '@tunehouse/contracts';
import {
  currentUserQuery,
  messageOf,
  useApiForm,
  useSession,
  useShell,
  useViewingAs,
} from '@tunehouse/area-kit';
import {
  Button,
  Notice,
  TextField,
  badgeStyle,
  breakpoints,
  colors,
  formatDate,
  stackedTableStyle,
  visuallyHidden,
} from '@tunehouse/ui';
import { RevokeKey } from '../shared/revoke-key.js';

/**
 * The scopes a key can hold, by resource (`releases`: read, write, takedown). From the written-out list, kept in step
 * with the endpoint definitions by a test, so that this chunk does not carry every definition (decision 0090).
 */
function scopesByResource(): Array<{ resource: string; scopes: Array<{ scope: string; money: boolean }> }> {
  const groups = new Map<string, Array<{ scope: string; money: boolean }>>();
  for (const { scope, money } of API_KEY_SCOPES) {
    const resource = scope.split(':')[0]!;
    groups.set(resource, [...(groups.get(resource) ?? []), { scope, money }]);
  }
  return [...groups].map(([resource, scopes]) => ({ resource, scopes }));
}

const scopeGrid = css`
  border: 0;
  padding: 0;
  margin: 0 0 1rem;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(11rem, 1fr));
  gap: 0.5rem 1rem;
  fieldset {
    border: 1px solid ${colors.border};
    border-radius: 6px;
    padding: 0.4rem 0.6rem;
  }
  label {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem 0.4rem;
    padding: 0.15rem 0;
  }
`;

/** A phone shows each key as a block; the scopes wrap between their commas instead of widening the page. */
const keyTable = css`
  ${stackedTableStyle};
  /* Stacked on a phone, a long name or address breaks anywhere rather than widen the page; a state or a button never. */
  @media (max-width: ${breakpoints.tablet - 1}px) {
    td {
      overflow-wrap: anywhere;
    }
  }
  td > span,
  td > button {
    white-space: nowrap;
  }
  td > span + span {
    margin-left: 0.35rem;
  }
`;

const secretBox = css`
  code {
    display: block;
    word-break: break-all;
    padding: 0.5rem;
    background: ${colors.surface};
    margin: 0.5rem 0;
  }
`;

export const apiKeysQueryKey = ['api-keys'] as const;

function CreateKeyForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const queryClient = useQueryClient();
  const shell = useShell();
  const session = useSession();
  // The second step a money scope asks for is the account's own: its authenticator code, or else its password.
  const me = useQuery(currentUserQuery(shell.api, session?.user.id));
  const asksCode = me.data?.secondStep === 'totp';
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [expiry, setExpiry] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const money = new Set(API_KEY_SCOPES.filter((info) => info.money).map((info) => info.scope));
  const needsSecondStep = scopes.some((scope) => money.has(scope));

  const toggle = (scope: string) =>
    setScopes((chosen) => (chosen.includes(scope) ? chosen.filter((s) => s !== scope) : [...chosen, scope]));

  const create = useApiForm({
    send: (body: NewApiKey, api) => call(api, endpoints.apiKeys.create, { body }),
    onSuccess: async (created) => {
      setName('');
      setScopes([]);
      setExpiry('');
      setPassword('');
      setOtp('');
      onCreated(created.secret);
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    },
  });
  const { busy, formError: error, fieldErrors } = create;

  function submit(event: FormEvent) {
    event.preventDefault();
    void create.submit({
      name,
      scopes,
      expiresAt: expiry ? new Date(`${expiry}T23:59:59`).toISOString() : null,
      ...(needsSecondStep && asksCode && otp.trim() ? { otp: otp.trim() } : {}),
      ...(needsSecondStep && !asksCode && password ? { password } : {}),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Create an API key">
      {error && <Notice tone="error">{error}</Notice>}
      <TextField
        label="Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={80}
        error={fieldErrors.name}
      />
      <fieldset css={scopeGrid}>
        <legend>Scopes</legend>
        {scopesByResource().map(({ resource, scopes: options }) => (
          <fieldset key={resource}>
            <legend>{resource}</legend>
            {options.map(({ scope, money: moves }) => (
              <label key={scope}>
                <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} />{' '}
                {scope.split(':')[1]}
                {moves && <span css={badgeStyle(colors.danger)}>MONEY</span>}
              </label>
            ))}
          </fieldset>
        ))}
      </fieldset>
      <TextField
        label="Expires on (optional)"
        type="date"
        value={expiry}
        onChange={(event) => setExpiry(event.target.value)}
        error={fieldErrors.expiresAt}
      />
      {needsSecondStep &&
        (asksCode ? (
          <TextField
            label="Authenticator code"
            inputMode="numeric"
            autoComplete="one-time-code"
            hint="A scope that moves money needs the 6-digit code your authenticator app shows now."
            value={otp}
            onChange={(event) => setOtp(event.target.value)}
            error={fieldErrors.otp}
          />
        ) : (
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            hint="A scope that moves money needs your password again."
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldErrors.password}
          />
        ))}
      <Button type="submit" disabled={busy}>
        {busy ? 'Creating…' : 'Create key'}
      </Button>
    </form>
  );
}

function KeyRow({ apiKey, readOnly }: { apiKey: ApiKey; readOnly: boolean }) {
  return (
    <tr>
      <td>
        {apiKey.name}
        {apiKey.revokedAt && <span css={badgeStyle(colors.muted)}>REVOKED</span>}
      </td>
      <td data-label="Key">
        <code>{apiKey.prefix}…</code>
      </td>
      <td data-label="Scopes">{apiKey.scopes.join(', ')}</td>
      <td data-label="Last used">
        {apiKey.lastUsedAt ? `${formatDate(apiKey.lastUsedAt)} (${apiKey.lastUsedFrom ?? '?'})` : 'Never'}
      </td>
      <td data-label="Expires">{apiKey.expiresAt ? formatDate(apiKey.expiresAt) : 'Never'}</td>
      <td>
        <RevokeKey
          label={`Revoke ${apiKey.name}`}
          revocable={!apiKey.revokedAt && !readOnly}
          send={(api) => call(api, endpoints.apiKeys.revoke, { params: { id: apiKey.id } })}
          listKey={apiKeysQueryKey}
          successToast={`The key “${apiKey.name}” is revoked.`}
        >
          <p>Programs using “{apiKey.name}” are refused from their next call. This cannot be undone.</p>
        </RevokeKey>
      </td>
    </tr>
  );
}

/** The account's API keys (docs/api.md): create with scopes, the secret shown once, the list, revoke. */
export function ApiKeysSection() {
  const shell = useShell();
  const keys = useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => call(shell.api, endpoints.apiKeys.list, {}, { signal }),
  });
  const [secret, setSecret] = useState<string | null>(null);
  // An administrator viewing as the user may read the keys, not make or revoke them (decision 0090).
  const viewingAs = useViewingAs();

  return (
    <>
      <p>
        Keys let your own programs use the Tunehouse API as this account, limited to the scopes you choose.
      </p>
      {secret && (
        <div css={secretBox} role="status">
          <Notice tone="success">Copy the key now: it is shown this once.</Notice>
          <code data-testid="api-key-secret">{secret}</code>
          <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(secret)}>
            Copy
          </Button>{' '}
          <Button variant="secondary" onClick={() => setSecret(null)}>
            Done
          </Button>
        </div>
      )}
      {viewingAs ? (
        <Notice tone="info">
          You are viewing as {viewingAs}: keys can't be made or revoked while impersonating. Revoke a key from
          Admin → API keys.
        </Notice>
      ) : (
        <CreateKeyForm onCreated={setSecret} />
      )}
      {keys.isPending && <p role="status">Loading your keys…</p>}
      {keys.isError && <Notice tone="error">{messageOf(keys.error)}</Notice>}
      {keys.data && keys.data.items.length > 0 && (
        <div>
          <table css={keyTable}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Scopes</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span css={visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.items.map((apiKey) => (
                <KeyRow key={apiKey.id} apiKey={apiKey} readOnly={viewingAs !== null} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
