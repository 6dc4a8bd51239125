import { css } from '@emotion/react';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { FailedJob, QueueSummary } from '@tunehouse/contracts';
import { AdminFrame, messageOf, useShell } from '@tunehouse/area-kit';
import { Button, Card, Notice, formatDateTime, tableScroll, tableStyle } from '@tunehouse/ui';
import type { ReactNode } from 'react';
import { ageText, sizeText } from './age.js';
import {
  areaVersionsQuery,
  failedDeliveriesQuery,
  failedJobsQuery,
  operationsKeys,
  overviewQuery,
  reportLoadsQuery,
  retryJob,
} from './operations-queries.js';

/** Term and value side by side, the terms in one column, on a phone as on a laptop. */
const facts = css`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 0.35rem 1.25rem;
  margin: 0 0 1rem;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

const REPORT_STATES = { PENDING: 'Waiting to load', LOADED: 'Loaded', FAILED: 'Failed' } as const;
const count = (value: number) => value.toLocaleString('en-GB');

/** A backup older than this is shown as a problem: the alert rule's 26 hours (deploy/prometheus/alerts.yml). */
const BACKUP_STALE_SECONDS = 26 * 3600;

/**
 * /admin/operations: what an operator checks (docs/decisions/0085-metrics-and-operator-view.md) — the API's version
 * and uptime, each area's deployed version, the last backup, the job queues with a retry for failed jobs, the
 * deliveries that failed and the latest report loads. Each part loads and fails on its own.
 */
export function OperationsPage() {
  return (
    <AdminFrame>
      <ServiceCard />
      <AreasCard />
      <QueuesCard />
      <FailedJobsCard />
      <FailedDeliveriesCard />
      <ReportLoadsCard />
    </AdminFrame>
  );
}

/** The loading, error and empty states every card shares; `children` renders the data. */
function Loaded<T>({
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isError)
    return (
      <Notice tone="error">
        Could not read {what}: {messageOf(query.error)}
      </Notice>
    );
  if (query.isPending) return <p role="status">Loading {what}…</p>;
  if (isEmpty?.(query.data)) return <p>{empty}</p>;
  return <>{children(query.data)}</>;
}

function Table({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    <div css={tableScroll} tabIndex={0} role="region" aria-label={label}>
      <table css={tableStyle} aria-label={label}>
        <thead>
          <tr>
            {head.map((title) => (
              <th key={title} scope="col">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function ServiceCard() {
  const shell = useShell();
  const overview = useQuery(overviewQuery(shell.api));
  return (
    <Card title="API and backups" id="operations-service">
      <Loaded query={overview} what="the API's state">
        {({ api, lastBackup }) => (
          <>
            <dl css={facts}>
              <dt>API version</dt>
              <dd>{api.version}</dd>
              <dt>Running for</dt>
              <dd>
                {ageText(api.uptimeSeconds)} (since {formatDateTime(api.startedAt)})
              </dd>
              <dt>Last backup</dt>
              <dd>
                {lastBackup
                  ? `${formatDateTime(lastBackup.finishedAt)}, ${ageText(lastBackup.ageSeconds)} ago, ` +
                    `${sizeText(lastBackup.bytes)} at ${lastBackup.location}`
                  : 'None known'}
              </dd>
            </dl>
            {!lastBackup && (
              <Notice tone="error">
                No backup is known. Take one with <code>npm run backup</code> (docs/operations.md).
              </Notice>
            )}
            {lastBackup && lastBackup.ageSeconds > BACKUP_STALE_SECONDS && (
              <Notice tone="error">The last backup is older than 26 hours.</Notice>
            )}
          </>
        )}
      </Loaded>
    </Card>
  );
}

function AreasCard() {
  const areas = useQuery(areaVersionsQuery());
  return (
    <Card title="Deployed areas" id="operations-areas">
      <Loaded
        query={areas}
        what="the registry of areas"
        isEmpty={(list) => list.length === 0}
        empty="No area is registered."
      >
        {(list) => (
          <Table label="Deployed areas" head={['Area', 'Version', 'Pages']}>
            {list.map((area) => (
              <tr key={area.name}>
                <td>{area.name}</td>
                <td>{area.version}</td>
                <td>{area.routes.join(', ')}</td>
              </tr>
            ))}
          </Table>
        )}
      </Loaded>
    </Card>
  );
}

const waiting = (queue: QueueSummary) =>
  queue.depth === 0 ? '—' : `${queue.depth} (oldest ${ageText(queue.oldestWaitingSeconds)})`;

function QueuesCard() {
  const shell = useShell();
  const overview = useQuery(overviewQuery(shell.api));
  return (
    <Card title="Job queues" id="operations-queues">
      <Loaded query={overview} what="the job queues">
        {({ queues }) => (
          <Table label="Job queues" head={['Queue', 'Waiting', 'Running', 'Done', 'Failed']}>
            {queues.map((queue) => (
              <tr key={queue.queue}>
                <td>{queue.queue}</td>
                <td>{waiting(queue)}</td>
                <td>{queue.jobs.active}</td>
                <td>{queue.jobs.completed}</td>
                <td>{queue.jobs.failed}</td>
              </tr>
            ))}
          </Table>
        )}
      </Loaded>
    </Card>
  );
}

function FailedJobsCard() {
  const shell = useShell();
  const queryClient = useQueryClient();
  const jobs = useQuery(failedJobsQuery(shell.api));
  const retry = useMutation({
    mutationFn: (job: FailedJob) => retryJob(shell.api, job.queue, job.id),
    onSuccess: (_answer, job) => shell.toasts.push(`The ${job.queue} job is back in its queue.`, 'SUCCESS'),
    onError: (error) => shell.toasts.push(messageOf(error), 'ERROR'),
    // Retried here or by another admin: the lists have changed either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: operationsKeys.all }),
  });
  return (
    <Card title="Failed jobs" id="operations-failed-jobs">
      <Loaded
        query={jobs}
        what="the failed jobs"
        isEmpty={({ items }) => items.length === 0}
        empty="No job has failed."
      >
        {({ items }) => (
          <Table label="Failed jobs" head={['Failed', 'Queue', 'Attempts', 'Error', '']}>
            {items.map((job) => (
              <tr key={job.id}>
                <td>{formatDateTime(job.failedAt)}</td>
                <td>{job.queue}</td>
                <td>{job.attempts}</td>
                <td>{job.error ?? 'No message'}</td>
                <td>
                  <Button
                    variant="secondary"
                    disabled={retry.isPending && retry.variables?.id === job.id}
                    aria-label={`Retry the ${job.queue} job that failed ${formatDateTime(job.failedAt)}`}
                    onClick={() => retry.mutate(job)}
                  >
                    Retry
                  </Button>
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Loaded>
    </Card>
  );
}

function FailedDeliveriesCard() {
  const shell = useShell();
  const deliveries = useQuery(failedDeliveriesQuery(shell.api));
  return (
    <Card title="Failed deliveries" id="operations-failed-deliveries">
      <Loaded
        query={deliveries}
        what="the failed deliveries"
        isEmpty={({ items }) => items.length === 0}
        empty="No delivery has failed."
      >
        {({ items }) => (
          <Table
            label="Failed deliveries"
            head={['When', 'Platform', 'Album', 'Action', 'Outcome', 'Reason']}
          >
            {items.map((delivery) => (
              <tr key={delivery.id}>
                <td>{formatDateTime(delivery.updatedAt)}</td>
                <td>{delivery.platform}</td>
                <td>{delivery.albumId}</td>
                <td>{delivery.action}</td>
                <td>{delivery.status === 'REJECTED' ? 'Rejected by the platform' : 'Not delivered'}</td>
                <td>{delivery.reason ?? '—'}</td>
              </tr>
            ))}
          </Table>
        )}
      </Loaded>
    </Card>
  );
}

function ReportLoadsCard() {
  const shell = useShell();
  const reports = useQuery(reportLoadsQuery(shell.api));
  return (
    <Card title="Latest report loads" id="operations-report-loads">
      <Loaded
        query={reports}
        what="the report loads"
        isEmpty={({ items }) => items.length === 0}
        empty="No report has been uploaded."
      >
        {({ items }) => (
          <Table label="Latest report loads" head={['Uploaded', 'File', 'State', 'Lines', 'Loaded']}>
            {items.map((report) => (
              <tr key={report.id}>
                <td>{formatDateTime(report.createdAt)}</td>
                <td>{report.name}</td>
                <td>
                  {REPORT_STATES[report.status]}
                  {report.status === 'FAILED' && `: ${report.error ?? 'no message'}`}
                </td>
                <td>{count(report.rows)}</td>
                <td>{report.loadedAt ? formatDateTime(report.loadedAt) : '—'}</td>
              </tr>
            ))}
          </Table>
        )}
      </Loaded>
    </Card>
  );
}
