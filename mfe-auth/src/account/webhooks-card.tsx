import { type FormEvent, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { css } from '@emotion/react';
import {
  call,
  endpoints,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  webhookEndpointCreateSchema,
  type WebhookEventType,
} from '@tunehouse/contracts';
import { messageOf, useApiForm, useShell } from '@tunehouse/area-kit';
import {
  Button,
  ConfirmDialog,
  Notice,
  TextField,
  badgeStyle,
  colors,
  formatDateTime,
  tableScroll,
  tableStyle,
  visuallyHidden,
} from '@tunehouse/ui';
import { warnBadgeColor } from '../shared/badge-colors.js';

/**
 * Webhooks in the account settings (docs/decisions/0088-webhooks.md): the account's HTTPS endpoints, the event
 * types each is sent, its secret shown once, and each endpoint's delivery log with "Resend".
 */
const WEBHOOKS_KEY = ['webhooks'] as const;

const EVENT_LABELS: Record<WebhookEventType, string> = {
  'release.live': 'A release goes live',
  'release.taken_down': 'A release is taken down',
  'delivery.failed': 'A platform refuses a delivery',
  'report.loaded': 'A report with your streams is loaded',
  'statement.ready': 'A statement is ready',
  'payout.settled': 'A payout settles',
  'payout.failed': 'A payout fails or comes back',
  'split.invite_answered': 'A split invite is answered',
};

const wrapAnywhere = css`
  overflow-wrap: anywhere;
`;
const typeGrid = css`
  border: 0;
  padding: 0;
  margin: 0.75rem 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  gap: 0.35rem 1rem;
  legend {
    font-weight: 600;
    margin-bottom: 0.35rem;
  }
  label {
    display: flex;
    gap: 0.5rem;
    align-items: baseline;
  }
`;
const secretBox = css`
  code {
    display: block;
    margin: 0.5rem 0;
    padding: 0.5rem;
    background: ${colors.surface};
    overflow-wrap: anywhere;
    font-size: 0.95rem;
  }
`;
const rowActions = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 0.5rem 0 1rem;
`;
const endpointBlock = css`
  border-top: 1px solid ${colors.border};
  padding-top: 0.75rem;
  margin-top: 0.75rem;
  h3 {
    font-size: 1rem;
    margin: 0 0 0.25rem;
  }
  p {
    margin: 0.25rem 0;
  }
`;

const statusColour: Record<WebhookDelivery['status'], string> = {
  SUCCEEDED: colors.success,
  PENDING: warnBadgeColor,
  FAILED: colors.danger,
};

/** A delivery's time, or a dash when it has none (no next attempt). */
const dateTime = (value: string | null) => (value ? formatDateTime(value) : '—');

export function WebhooksSection({ readOnly }: { readOnly: boolean }) {
  const shell = useShell();
  const list = useQuery({
    queryKey: WEBHOOKS_KEY,
    queryFn: ({ signal }) => call(shell.api, endpoints.webhooks.list, {}, { signal }),
  });
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);

  return (
    <>
      <p>
        Your own systems can be told when something happens: Tunehouse sends a signed JSON event to each HTTPS
        address you add. How to check the signature: the API guide, “Webhooks”.
      </p>
      {secret && (
        <div css={secretBox}>
          <Notice tone="success">
            The signing secret for <span css={wrapAnywhere}>{secret.url}</span>. Copy it now: it is not shown
            again.
            <code data-testid="webhook-secret">{secret.secret}</code>
          </Notice>
          <Button variant="secondary" onClick={() => setSecret(null)}>
            I have stored it
          </Button>
        </div>
      )}
      {list.isPending && <p role="status">Loading your webhooks…</p>}
      {list.isError && <Notice tone="error">{messageOf(list.error)}</Notice>}
      {list.data &&
        (list.data.items.length === 0 ? (
          <p>No endpoints yet.</p>
        ) : (
          list.data.items.map((endpoint) => (
            <EndpointBlock key={endpoint.id} endpoint={endpoint} readOnly={readOnly} onSecret={setSecret} />
          ))
        ))}
      {!readOnly && <AddEndpointForm onSecret={setSecret} />}
    </>
  );
}

function AddEndpointForm({ onSecret }: { onSecret: (value: { url: string; secret: string }) => void }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<WebhookEventType[]>(['release.live']);
  const add = useApiForm({
    send: (body: WebhookEndpointCreate, api) => call(api, endpoints.webhooks.create, { body }),
    onSuccess: async (created) => {
      onSecret({ url: created.url, secret: created.secret });
      setUrl('');
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
  });
  const { busy, fieldErrors: errors, formError } = add;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = webhookEndpointCreateSchema.safeParse({ url: url.trim(), eventTypes: types });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'url' ? 'url' : 'eventTypes';
        found[field] ??= issue.message;
      }
      add.setFieldErrors(found);
      return;
    }
    void add.submit(parsed.data);
  }

  const toggle = (type: WebhookEventType) =>
    setTypes((current) =>
      current.includes(type) ? current.filter((item) => item !== type) : [...current, type],
    );

  return (
    <form onSubmit={submit} noValidate aria-label="Add a webhook endpoint" css={endpointBlock}>
      <h3>Add an endpoint</h3>
      {formError && <Notice tone="error">{formError}</Notice>}
      <TextField
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://hooks.example.com/tunehouse"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        error={errors.url}
      />
      <fieldset css={typeGrid} aria-describedby={errors.eventTypes ? 'webhook-types-error' : undefined}>
        <legend>Events to send</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type}>
            <input type="checkbox" checked={types.includes(type)} onChange={() => toggle(type)} />
            <span>
              {EVENT_LABELS[type]} <small>({type})</small>
            </span>
          </label>
        ))}
      </fieldset>
      {errors.eventTypes && (
        <p id="webhook-types-error" role="alert" style={{ color: colors.danger }}>
          {errors.eventTypes}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? 'Adding…' : 'Add endpoint'}
      </Button>
    </form>
  );
}

function EndpointBlock({
  endpoint,
  readOnly,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  readOnly: boolean;
  onSecret: (value: { url: string; secret: string }) => void;
}) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const params = { id: endpoint.id };
  // Turning on or off, a new secret and deleting: one write at a time, its outcome said in a toast.
  const action = useApiForm({
    send: ({ work }: { work: () => Promise<unknown>; done: string }) => work(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
    successToast: (_, { done }) => done,
    failureToast: true,
  });
  const { busy } = action;
  const act = (work: () => Promise<unknown>, done: string) => action.submit({ work, done });

  return (
    <section css={endpointBlock} aria-label={`Webhook endpoint ${endpoint.url}`}>
      <h3 css={wrapAnywhere}>{endpoint.url}</h3>
      <p>
        {endpoint.enabled ? (
          <span css={badgeStyle(colors.success)}>ON</span>
        ) : (
          <span css={badgeStyle(warnBadgeColor)}>OFF</span>
        )}{' '}
        {endpoint.eventTypes.join(', ')}
      </p>
      {endpoint.disabledReason && <Notice tone="warn">Turned off: {endpoint.disabledReason}</Notice>}
      <div css={rowActions}>
        <Button variant="secondary" aria-expanded={showLog} onClick={() => setShowLog((shown) => !shown)}>
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        {!readOnly && (
          <>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                act(
                  () =>
                    call(shell.api, endpoints.webhooks.update, {
                      params,
                      body: { enabled: !endpoint.enabled },
                    }),
                  endpoint.enabled ? 'The endpoint is off.' : 'The endpoint is on.',
                )
              }
            >
              {endpoint.enabled ? 'Turn off' : 'Turn on'}
            </Button>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() =>
                act(async () => {
                  const rotated = await call(shell.api, endpoints.webhooks.rotateSecret, { params });
                  onSecret({ url: rotated.url, secret: rotated.secret });
                }, 'A new secret signs the next deliveries.')
              }
            >
              New secret
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setConfirmDelete(true)}>
              Delete
            </Button>
          </>
        )}
      </div>
      {showLog && <DeliveryLog endpoint={endpoint} readOnly={readOnly} />}
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this endpoint?"
        confirmLabel="Delete"
        tone="danger"
        busy={busy}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          act(
            () => call(shell.api, endpoints.webhooks.remove, { params }),
            'The endpoint and its delivery log are deleted.',
          ).then(() => setConfirmDelete(false))
        }
      >
        <p css={wrapAnywhere}>{endpoint.url} is sent nothing more, and its delivery log goes.</p>
      </ConfirmDialog>
    </section>
  );
}

function DeliveryLog({ endpoint, readOnly }: { endpoint: WebhookEndpoint; readOnly: boolean }) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const key = [...WEBHOOKS_KEY, endpoint.id, 'deliveries'];
  const log = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      call(shell.api, endpoints.webhooks.deliveries, { params: { id: endpoint.id } }, { signal }),
  });

  const resend = useApiForm({
    send: (delivery: WebhookDelivery, api) =>
      call(api, endpoints.webhooks.resend, { params: { id: endpoint.id, deliveryId: delivery.id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    successToast: (_, delivery) => `The ${delivery.eventType} event is sent again.`,
    failureToast: true,
  });

  if (log.isPending) return <p role="status">Loading deliveries…</p>;
  if (log.isError) return <Notice tone="error">{messageOf(log.error)}</Notice>;
  if (log.data.items.length === 0) return <p>Nothing sent yet.</p>;
  return (
    <div css={tableScroll}>
      <table css={tableStyle}>
        <caption css={visuallyHidden}>Deliveries to {endpoint.url}, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Created</th>
            <th scope="col">Status</th>
            <th scope="col">Code</th>
            <th scope="col">Attempts</th>
            <th scope="col">Next attempt</th>
            {!readOnly && <th scope="col">Resend</th>}
          </tr>
        </thead>
        <tbody>
          {log.data.items.map((delivery) => (
            <tr key={delivery.id}>
              <td>{delivery.eventType}</td>
              <td>{dateTime(delivery.createdAt)}</td>
              <td>
                <span css={badgeStyle(statusColour[delivery.status])}>{delivery.status}</span>
                {delivery.lastError && delivery.status !== 'SUCCEEDED' && (
                  <small css={wrapAnywhere} style={{ display: 'block' }}>
                    {delivery.lastError}
                  </small>
                )}
              </td>
              <td>{delivery.responseCode ?? '—'}</td>
              <td>{delivery.attempts}</td>
              <td>{dateTime(delivery.nextAttemptAt)}</td>
              {!readOnly && (
                <td>
                  <Button
                    variant="ghost"
                    disabled={!endpoint.enabled}
                    onClick={() => void resend.submit(delivery)}
                  >
                    Resend
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
