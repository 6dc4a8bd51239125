import { useId, useState } from 'react';
import { css } from '@emotion/react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  PLATFORM_NAMES,
  RELEASE_TYPE_NAMES,
  TERRITORIES,
  genresText,
  type AdminReviewItem,
} from '@tunehouse/contracts';
import { fieldErrorsOf, messageOf, useShell } from '@tunehouse/area-kit';
import { Button, ConfirmDialog, Dialog, Notice, TextAreaField, colors } from '@tunehouse/ui';
import { acceptReview, rejectReview, reviewDetailQuery, reviewKeys } from './review-queries.js';
import { artistsOf, day, titleOf, when } from './review-format.js';
import { ReviewTracks } from './review-tracks.js';

/** The API takes 1–20 reasons of at most 1000 characters; the reviewer writes one per line. */
const rejectSchema = z.object({
  reasons: z
    .string()
    .transform((text) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().max(1000, 'Keep each reason under 1000 characters'))
        .min(1, 'Say why the release is rejected; the artist sees these reasons')
        .max(20, 'Give at most 20 reasons'),
    ),
});
type RejectInput = z.input<typeof rejectSchema>;
type RejectOutput = z.output<typeof rejectSchema>;

const facts = css`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: 0.35rem 1rem;
  margin: 0 0 1rem;
  dt {
    color: ${colors.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
/** The medium rendition is 500 px: shown at 240 (sharp on 2× screens), the full width of a phone. */
const cover = css`
  display: block;
  width: 100%;
  max-width: 240px;
  aspect-ratio: 1;
  margin: 0 0 1rem;
  border-radius: 8px;
  object-fit: cover;
  background: ${colors.surface};
`;
/** Artwork beside the facts on a wide screen, above them on a phone. */
const summary = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 0 1.25rem;
  > :first-child {
    flex: 0 1 240px;
  }
  > dl {
    flex: 1 1 18rem;
    min-width: 0;
  }
`;
const sectionTitle = css`
  margin: 1.25rem 0 0.25rem;
  font-size: 1.05rem;
`;

/** A reason the API refused lands on the reasons field, named by its line (`reasons.2` is the third line). */
function reasonsIssue(error: unknown): string | null {
  for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
    if (path === 'reasons') return message;
    const line = /^reasons\.(\d+)/.exec(path);
    if (line) return `Reason ${Number(line[1]) + 1}: ${message}`;
  }
  return null;
}

/**
 * One submitted release as an admin sees it: the queue's metadata at once, then the artwork and the tracks (with
 * their details and players) from the review's detail; with Accept and Reject. Both ask for confirmation;
 * a reject needs the reasons the owner will read.
 */
export function ReviewDialog({ item, onClose }: { item: AdminReviewItem; onClose: () => void }) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const { album } = item;
  const title = titleOf(album);
  const detail = useQuery(reviewDetailQuery(shell.api, album.id));
  const full = detail.data?.album;
  const formId = useId();
  const [rejecting, setRejecting] = useState(false);
  const [confirm, setConfirm] = useState<'accept' | { reasons: string[] } | null>(null);
  const form = useForm<RejectInput, unknown, RejectOutput>({
    resolver: zodResolver(rejectSchema),
    defaultValues: { reasons: '' },
  });

  const decide = useMutation({
    mutationFn: (decision: 'accept' | { reasons: string[] }) =>
      decision === 'accept'
        ? acceptReview(shell.api, album.id)
        : rejectReview(shell.api, album.id, decision.reasons),
    onSuccess: (_answer, decision) => {
      shell.toasts.push(
        decision === 'accept' ? `“${title}” is accepted and goes to delivery.` : `“${title}” is rejected.`,
        'SUCCESS',
      );
      onClose();
    },
    onError: (error) => {
      const onField = reasonsIssue(error);
      if (onField) {
        form.setError('reasons', { type: 'server', message: onField });
        setConfirm(null);
      }
    },
    // Accepted, rejected or already decided by someone else (409): the queue has changed either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });

  const rows: [string, string | null | undefined][] = [
    ['Artists', artistsOf(album)],
    ['Account', item.account.email],
    ['Submitted', when(item.submittedAt)],
    ['Type', album.format ? RELEASE_TYPE_NAMES[album.format] : null],
    ['Genre', genresText(album)],
    ['Language', album.language],
    ['Label', album.recordLabel],
    ['Catalogue number', album.catalogNumber],
    ['UPC/EAN', album.barcode],
    ['Release date', day(album.releaseDate)],
    ['Original release date', album.originalReleaseDate ? day(album.originalReleaseDate) : null],
    ['℗', album.pLine],
    ['©', album.cLine],
    ['AI-generated', album.ai === true ? 'Yes' : album.ai === false ? 'No' : 'Not answered'],
    ['Tracks', String(full ? full.tracks.length : item.trackCount)],
    [
      'Territories',
      (album.territories?.length ?? 0) >= TERRITORIES.length
        ? 'Worldwide'
        : (album.territories ?? []).join(', ') || 'None',
    ],
    ['Platforms', (album.platforms ?? []).map((platform) => PLATFORM_NAMES[platform]).join(', ')],
  ];
  const artwork = (full ?? album).artwork;
  const artworkUrl = artwork?.medium?.url ?? artwork?.large?.url ?? artwork?.thumbnail?.url;

  return (
    <>
      <Dialog
        open
        title={`Review “${title}”`}
        width="wide"
        onClose={onClose}
        dismissible={!decide.isPending && confirm === null}
        footer={
          rejecting ? (
            <>
              <Button variant="secondary" onClick={() => setRejecting(false)}>
                Back
              </Button>
              <Button type="submit" form={formId}>
                Reject release…
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" onClick={() => setRejecting(true)}>
                Reject…
              </Button>
              <Button onClick={() => setConfirm('accept')}>Accept…</Button>
            </>
          )
        }
      >
        <div css={summary}>
          {artworkUrl ? (
            <img css={cover} src={artworkUrl} alt={`Artwork of ${title}`} />
          ) : (
            <Notice tone="warn">The release has no artwork.</Notice>
          )}
          <dl css={facts}>
            {rows
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} css={{ display: 'contents' }}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
        </div>
        {/* The reasons come first: the track list below may be long. */}
        {rejecting && (
          <form id={formId} noValidate onSubmit={form.handleSubmit(({ reasons }) => setConfirm({ reasons }))}>
            <TextAreaField
              label="Reasons for the artist"
              hint="One reason per line. The release’s owner reads them and can change the release."
              error={form.formState.errors.reasons?.message}
              {...form.register('reasons')}
            />
          </form>
        )}
        <h3 css={sectionTitle}>Tracks</h3>
        {full ? (
          <ReviewTracks album={full} />
        ) : detail.isError ? (
          <Notice tone="error">The tracks could not be loaded: {messageOf(detail.error)}</Notice>
        ) : (
          <p role="status">Loading the tracks…</p>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'accept' ? 'Accept this release?' : 'Reject this release?'}
        confirmLabel={confirm === 'accept' ? 'Accept release' : 'Reject release'}
        tone={confirm === 'accept' ? 'default' : 'danger'}
        busy={decide.isPending}
        error={decide.isError && !reasonsIssue(decide.error) ? messageOf(decide.error) : null}
        onConfirm={() => confirm && decide.mutate(confirm)}
        onCancel={() => {
          decide.reset();
          setConfirm(null);
        }}
      >
        {confirm === 'accept' ? (
          <p>
            “{title}” goes to delivery to {album.platforms?.length ?? 0} platform
            {album.platforms?.length === 1 ? '' : 's'}.
          </p>
        ) : (
          <>
            <p>“{title}” goes back to its owner with these reasons:</p>
            <ul>
              {(confirm?.reasons ?? []).map((reason, index) => (
                <li key={index}>{reason}</li>
              ))}
            </ul>
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
