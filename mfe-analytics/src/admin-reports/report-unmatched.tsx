import { useState } from 'react';
import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import type { ReportFile } from '@tunehouse/contracts';
import { messageOf, useShell } from '@tunehouse/area-kit';
import { Dialog, Notice, Pager, tableScroll, tableStyle } from '@tunehouse/ui';
import { formatCount } from '../shared/numbers.js';
import { period, platformName } from './report-format.js';
import { unmatchedLinesQuery } from './report-queries.js';

const PAGE_SIZE = 50;
const numeric = css`
  text-align: right;
  font-variant-numeric: tabular-nums;
`;

/**
 * The lines of one report whose ISRC/UPC matched nothing in the catalogue, 50 a page by line number: what an
 * admin needs to find the release or tell the platform.
 */
export function UnmatchedDialog({ file, onClose }: { file: ReportFile; onClose: () => void }) {
  const shell = useShell();
  const [offset, setOffset] = useState(0);
  const lines = useQuery(unmatchedLinesQuery(shell.api, file.id, offset, PAGE_SIZE));
  const page = lines.data;

  return (
    <Dialog
      open
      title={`Unmatched lines of “${file.name}”`}
      description="Lines whose ISRC or UPC matched no track or release in the catalogue. Their streams were not counted; they are kept to be matched later."
      width="wide"
      onClose={onClose}
    >
      {lines.isError && <Notice tone="error">{messageOf(lines.error)}</Notice>}
      {lines.isPending && <p role="status">Loading the unmatched lines…</p>}
      {page && page.items.length === 0 && <Notice>Every line of this report matched the catalogue.</Notice>}
      {page && page.items.length > 0 && (
        <>
          <p>
            {formatCount(page.totalItems ?? page.items.length)} unmatched line
            {(page.totalItems ?? page.items.length) === 1 ? '' : 's'}
          </p>
          <div css={tableScroll}>
            <table css={tableStyle} aria-label="Unmatched lines">
              <thead>
                <tr>
                  <th css={numeric}>Line</th>
                  <th>ISRC / UPC</th>
                  <th>Platform</th>
                  <th>Territory</th>
                  <th>Period</th>
                  <th css={numeric}>Streams</th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((line) => (
                  <tr key={line.line}>
                    <td css={numeric}>{line.line}</td>
                    <td css={{ overflowWrap: 'anywhere' }}>
                      {[line.isrc && `ISRC ${line.isrc}`, line.upc && `UPC ${line.upc}`]
                        .filter(Boolean)
                        .join(' · ') || '—'}
                    </td>
                    <td>{platformName(line.platform)}</td>
                    <td>{line.territory ?? '—'}</td>
                    <td css={{ whiteSpace: 'nowrap' }}>{period(line.firstDay, line.lastDay)}</td>
                    <td css={numeric}>{formatCount(line.streams)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager {...page} onOffset={setOffset} label="Unmatched line pages" />
        </>
      )}
    </Dialog>
  );
}
