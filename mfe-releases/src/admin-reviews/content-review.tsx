import { useState } from 'react';
import { css } from '@emotion/react';
import { useQuery } from '@tanstack/react-query';
import type { AdminReviewItem } from '@tunehouse/contracts';
import { messageOf, useShell } from '@tunehouse/area-kit';
import {
  Button,
  Card,
  colors,
  Notice,
  Pager,
  radius,
  tableScroll,
  tableStyle,
  visuallyHidden,
} from '@tunehouse/ui';
import { reviewQueueQuery } from './review-queries.js';
import { ReviewDialog } from './review-dialog.js';
import { artistsOf, day, titleOf, when } from './review-format.js';

const PAGE_SIZE = 20;
const thumb = css`
  display: block;
  width: 48px;
  height: 48px;
  border-radius: ${radius.small};
  background: ${colors.surface};
  object-fit: cover;
`;

/** Releases waiting for content review (SUBMITTED), oldest first: open one, then accept or reject it. */
export function ContentReview() {
  const shell = useShell();
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<AdminReviewItem | null>(null);
  const queue = useQuery(reviewQueueQuery(shell.api, offset, PAGE_SIZE));
  const page = queue.data;

  return (
    <Card title="Content review" id="content-review">
      {queue.isError && <Notice tone="error">{messageOf(queue.error)}</Notice>}
      {queue.isPending && <p role="status">Loading the review queue…</p>}
      {page && page.items.length === 0 && (
        <Notice>
          No release is waiting for review. Releases appear here when their owners deliver them.
        </Notice>
      )}
      {page && page.items.length > 0 && (
        <>
          <p>
            {page.totalItems ?? page.items.length} release
            {(page.totalItems ?? page.items.length) === 1 ? '' : 's'} waiting, oldest first
          </p>
          <div css={tableScroll}>
            <table css={tableStyle} aria-label="Releases waiting for review">
              <thead>
                <tr>
                  <th>
                    <span css={visuallyHidden}>Artwork</span>
                  </th>
                  <th>Release</th>
                  <th>Account</th>
                  <th>Submitted</th>
                  <th>Release date</th>
                  <th>
                    <span css={visuallyHidden}>Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.items.map((item) => (
                  <tr key={String(item.album.id)} data-album={String(item.album.id)}>
                    <td>
                      {item.album.artwork?.thumbnail?.url ? (
                        <img css={thumb} src={item.album.artwork.thumbnail.url} alt="" />
                      ) : (
                        <span css={thumb} aria-hidden="true" />
                      )}
                    </td>
                    <td>
                      <strong>{titleOf(item.album)}</strong>
                      <br />
                      <span style={{ color: colors.muted }}>{artistsOf(item.album)}</span>
                    </td>
                    <td>{item.account.email}</td>
                    <td>{when(item.submittedAt)}</td>
                    <td>{day(item.album.releaseDate)}</td>
                    <td style={{ textAlign: 'right' }}>
                      <Button
                        variant="secondary"
                        onClick={() => setOpen(item)}
                        aria-label={`Review ${titleOf(item.album)}`}
                      >
                        Review
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager {...page} onOffset={setOffset} label="Review queue pages" />
        </>
      )}
      {open && <ReviewDialog item={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
