import { useState } from 'react';
import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import type { ReportFile } from '@tunehouse/contracts';
import { messageOf, useShell } from '@tunehouse/area-kit';
import {
  badgeStyle,
  Button,
  Card,
  colors,
  formatDateTime,
  Notice,
  Pager,
  tableScroll,
  tableStyle,
} from '@tunehouse/ui';
import { formatCount } from '../shared/numbers.js';
import { FORMAT_LABELS, bytes, period, restatedText } from './report-format.js';
import { hasPending, reportFilesQuery } from './report-queries.js';
import { UnmatchedDialog } from './report-unmatched.js';
import { ReportUploadCard } from './report-upload.js';

const PAGE_SIZE = 20;
const numeric = css`
  text-align: right;
  font-variant-numeric: tabular-nums;
`;
const STATUS_COLORS: Record<ReportFile['status'], string> = {
  PENDING: colors.warn,
  LOADED: colors.success,
  FAILED: colors.danger,
};

/** /admin/reports: upload platform reports and follow their loading (docs/decisions/0037-stream-facts.md). */
export function ReportsSection() {
  const [offset, setOffset] = useState(0);
  return (
    <>
      <ReportUploadCard onUploaded={() => setOffset(0)} />
      <ReportFiles offset={offset} onOffset={setOffset} />
    </>
  );
}

/**
 * A part of a multi-part DSR set: which part, and while the set waits, the parts in and those still missing (the
 * set is loaded as one report once none is missing; docs/decisions/0081-big-report-files.md).
 */
function SetParts({ set, status }: { set: NonNullable<ReportFile['set']>; status: ReportFile['status'] }) {
  const list = (parts: number[]) => parts.join(', ');
  return (
    <span css={{ display: 'block', marginTop: '0.25rem' }} data-set-part={set.part}>
      Part {set.part} of {set.parts}
      {status !== 'LOADED' && set.missing.length > 0 && (
        <>
          {' · '}in: {list(set.received)}
          {' · '}
          <span css={{ color: colors.danger }}>missing: {list(set.missing)}</span>
        </>
      )}
      {status !== 'LOADED' && set.missing.length === 0 && ' · every part is in'}
    </span>
  );
}

function ReportFiles({ offset, onOffset }: { offset: number; onOffset: (offset: number) => void }) {
  const shell = useShell();
  const [open, setOpen] = useState<ReportFile | null>(null);
  const files = useQuery(reportFilesQuery(shell.api, offset, PAGE_SIZE));
  const page = files.data;

  return (
    <Card title="Report files" id="report-files">
      {files.isError && <Notice tone="error">{messageOf(files.error)}</Notice>}
      {files.isPending && <p role="status">Loading the report files…</p>}
      {page && page.items.length === 0 && (
        <Notice>No report has been uploaded yet. Files appear here, newest first, once uploaded.</Notice>
      )}
      {page && page.items.length > 0 && (
        <>
          <p>
            {formatCount(page.totalItems ?? page.items.length)} file
            {(page.totalItems ?? page.items.length) === 1 ? '' : 's'}, newest first
            {hasPending(page) && ' · files waiting to be loaded are checked every few seconds'}
          </p>
          <div css={tableScroll} tabIndex={0} role="region" aria-label="Report files, table">
            <table css={tableStyle} aria-label="Report files">
              <thead>
                <tr>
                  <th>File</th>
                  <th>Format</th>
                  <th>Status</th>
                  <th css={numeric}>Rows</th>
                  <th css={numeric}>Matched</th>
                  <th css={numeric}>Unmatched</th>
                  <th css={numeric}>Skipped</th>
                  <th css={numeric}>Streams</th>
                  <th>Period</th>
                  <th>Uploaded</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((file) => (
                  <tr key={file.id} data-file={file.id}>
                    <td css={{ overflowWrap: 'anywhere', minWidth: '10rem' }}>
                      <strong>{file.name}</strong>
                      <br />
                      <span style={{ color: colors.muted }}>{bytes(file.size)}</span>
                      {file.set && <SetParts set={file.set} status={file.status} />}
                    </td>
                    <td>{FORMAT_LABELS[file.format]}</td>
                    <td css={{ minWidth: '7rem' }}>
                      <span css={badgeStyle(STATUS_COLORS[file.status])}>{file.status}</span>
                      {file.error && (
                        <span css={{ display: 'block', marginTop: '0.25rem', color: colors.danger }}>
                          {file.error}
                        </span>
                      )}
                    </td>
                    <td css={numeric}>{formatCount(file.rows)}</td>
                    <td css={numeric}>{formatCount(file.matched)}</td>
                    <td css={numeric}>
                      {file.unmatched > 0 ? (
                        <Button
                          variant="ghost"
                          onClick={() => setOpen(file)}
                          aria-label={`Show ${formatCount(file.unmatched)} unmatched line${file.unmatched === 1 ? '' : 's'} of ${file.name}`}
                        >
                          {formatCount(file.unmatched)}
                        </Button>
                      ) : (
                        '0'
                      )}
                    </td>
                    <td css={numeric}>{formatCount(file.skipped)}</td>
                    <td css={numeric}>{formatCount(file.streams)}</td>
                    <td css={{ whiteSpace: 'nowrap' }}>
                      {period(file.firstDay, file.lastDay)}
                      {file.restatedMonths.length > 0 && (
                        // docs/decisions/0079-restated-months.md: loaded as adjustments, the closed months as they were.
                        <span
                          css={{
                            display: 'block',
                            marginTop: '0.25rem',
                            color: colors.warn,
                            whiteSpace: 'normal',
                          }}
                        >
                          {restatedText(file.restatedMonths)}
                        </span>
                      )}
                    </td>
                    <td css={{ whiteSpace: 'nowrap' }}>{formatDateTime(file.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager {...page} onOffset={onOffset} label="Report file pages" />
        </>
      )}
      {open && <UnmatchedDialog file={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
