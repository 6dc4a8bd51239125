import { useEffect, useRef, useState } from 'react';
import { css } from '@emotion/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  PLATFORMS,
  planName,
  TERRITORIES,
  reviewProblemSchema,
  type AlbumDetail,
  type PlanType,
  type ReleaseEditorStep,
} from '@tunehouse/contracts';
import {
  Link,
  messageOf,
  useNavigate,
  usePageMeta,
  useParams,
  useApiForm,
  useSearchParams,
  useShell,
  usePlatformCurrency,
} from '@tunehouse/area-kit';
import { isApiError } from '@tunehouse/shell-contract';
import { Button, Card, Notice, Page, buttonStyles, colors } from '@tunehouse/ui';
import { Checkbox } from '../shared/fields.js';
import { formatDay } from '../shared/format.js';
import { LoadFailure, MissingRelease, isMissing } from '../shared/load-failure.js';
import { albumQuery, publishAlbum, releaseKeys } from '../shared/queries.js';
import { licenceSuggestionQuery, planInWords, planOptionsQuery } from '../shared/fee-queries.js';
import { ReleaseHeader } from '../shared/release-header.js';
import { canPublish, releaseState } from '../shared/release-state.js';
import { facts, linkStyle } from '../shared/styles.js';
import { stepOf, toProblems, type Problem } from '../shared/problems.js';
import { PlanChoice } from './plan-choice.js';
import { StepNav } from './step-nav.js';
import { STEPS, stepPath } from '../shared/steps.js';
import { useReview } from '../shared/use-review.js';

const groupStyle = css`
  margin: 0 0 1.25rem;
  h3 {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
    align-items: baseline;
    margin: 0 0 0.4rem;
    font-size: 1rem;
  }
  h3 a {
    font-size: 0.88rem;
    font-weight: 600;
  }
  ul {
    margin: 0;
    padding-left: 1.2rem;
    line-height: 1.7;
  }
  a {
    color: ${colors.primary};
  }
`;
const ready = css`
  display: flex;
  gap: 0.75rem;
  align-items: center;
  margin: 0;
  font-weight: 600;
  color: ${colors.success};
`;

const problemLink = (albumId: string | number, problem: Problem) =>
  `${stepPath(albumId, problem.step)}${problem.anchor ? `#${problem.anchor}` : ''}`;

/** The problems, by step, each linked to the step (and the field or track) that fixes it. */
export function ProblemList({ albumId, problems }: { albumId: string; problems: Problem[] }) {
  if (problems.length === 0) {
    return (
      <p css={ready} data-ready="">
        <span aria-hidden="true">✓</span> Everything needed for delivery is there.
      </p>
    );
  }
  return (
    <div data-problems={problems.length}>
      {STEPS.filter((step) => problems.some((problem) => problem.step === step.id)).map((step) => (
        <div key={step.id} css={groupStyle} data-step={step.id}>
          <h3>
            {step.label}
            <Link to={stepPath(albumId, step.id)}>Go to {step.label.toLowerCase()}</Link>
          </h3>
          <ul>
            {problems
              .filter((problem) => problem.step === step.id)
              .map((problem) => (
                <li
                  key={`${problem.code}:${problem.anchor ?? ''}:${problem.message}`}
                  data-code={problem.code}
                >
                  <Link to={problemLink(albumId, problem)}>{problem.message}</Link>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** /albums/{id}/edit/review: every problem linked to its step; with deliver=1, the delivery itself. */
export function ReviewPage() {
  usePageMeta('Review release');
  const shell = useShell();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const deliverMode = search.get('deliver') === '1';
  const album = useQuery(albumQuery(shell.api, id));
  const { review, problems } = useReview(id, album.isSuccess);

  if (album.isError && isMissing(album.error)) return <MissingRelease error={album.error} />;
  return (
    <Page title="Review release">
      {album.data && <ReleaseHeader album={album.data} />}
      <StepNav albumId={id} current="review" problems={problems} onNavigate={(to) => navigate(to)} />
      {album.isError && (
        <LoadFailure what="The release" error={album.error} retry={() => void album.refetch()} />
      )}
      {review.isError && (
        <LoadFailure
          what="The review of the release"
          error={review.error}
          retry={() => void review.refetch()}
        />
      )}
      {(album.isPending || review.isPending) && !album.isError && !review.isError && (
        <p role="status">Checking the release…</p>
      )}
      {album.data?.reviewStatus === 'REJECTED' && (album.data.reviewReasons ?? []).length > 0 && (
        <Notice tone="error">
          Our content review turned this release down:
          <ul css={{ margin: '0.35rem 0 0', paddingLeft: '1.2rem' }}>
            {(album.data.reviewReasons ?? []).map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </Notice>
      )}
      {album.data && problems && (
        <>
          <Card
            title={problems.length > 0 ? `To do before delivery (${problems.length})` : 'Ready for delivery'}
            id="problems"
          >
            <ProblemList albumId={id} problems={problems} />
          </Card>
          {deliverMode ? (
            <Delivery album={album.data} blocked={problems.length > 0} />
          ) : (
            canPublish(album.data) && (
              <div css={{ display: 'flex', justifyContent: 'flex-end' }}>
                {problems.length === 0 ? (
                  <Link css={buttonStyles.primary} to={`/albums/${id}/edit/review?deliver=1`}>
                    Continue to delivery
                  </Link>
                ) : (
                  <Button disabled>Continue to delivery</Button>
                )}
              </div>
            )
          )}
        </>
      )}
    </Page>
  );
}

/** The API's editor step (RELEASE_EDITOR_STEPS) of an album form field. */
const API_STEP_OF_FIELD: Record<string, ReleaseEditorStep> = {
  artists: 'artists',
  artwork: 'artwork',
  tracks: 'tracks',
  platforms: 'distribution',
  territories: 'distribution',
  releaseDate: 'distribution',
  originalReleaseDate: 'distribution',
};

/**
 * The problems a refused publish (422) names: its `problems` when the shell's client kept them, else its field
 * issues (path and message) placed on their steps.
 */
export function problemsOfError(error: unknown): Problem[] {
  if (!isApiError(error)) return [];
  const problems = z.array(reviewProblemSchema).safeParse((error as { problems?: unknown }).problems);
  if (problems.success) return toProblems(problems.data);
  return (error.details ?? []).map(({ path, message }) => {
    const fields = path[0] === 'body' ? path.slice(1) : path;
    const [first, position] = fields;
    return {
      step: stepOf({ step: API_STEP_OF_FIELD[String(first)] ?? 'details', path: fields }),
      anchor:
        first === 'tracks' && typeof position === 'number'
          ? `track-at-${position}`
          : typeof first === 'string'
            ? first
            : undefined,
      code: error.code ?? 'UNPROCESSABLE',
      message,
    };
  });
}

/** The delivery: what goes where and when, the terms, and the button that publishes. */
function Delivery({ album, blocked }: { album: AlbumDetail; blocked: boolean }) {
  const shell = useShell();
  const currency = usePlatformCurrency();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);
  const [problems, setProblems] = useState<Problem[]>([]);
  const section = useRef<HTMLDivElement>(null);
  const state = releaseState(album);
  const update = state === 'CHANGED';
  const platforms = album.platforms ?? [];
  const territories = album.territories ?? [];
  const licence = useQuery(licenceSuggestionQuery(shell.api, album.id));
  // A release that holds a licence keeps it (and its plan); one without chooses among the plans offered.
  const keepsLicence = Boolean(licence.data?.id);
  const options = useQuery({ ...planOptionsQuery(shell.api), enabled: licence.isSuccess && !keepsLicence });
  const [picked, setPicked] = useState<PlanType | undefined>(undefined);
  const suggested = options.data?.find((option) => option.suggested && option.available)?.id;
  const chosen = keepsLicence ? undefined : (picked ?? suggested);
  const plan = keepsLicence
    ? licence.data?.paymentPlan
    : options.data?.find((option) => option.id === chosen && option.available);

  const publish = useApiForm({
    send: ({ paymentPlan }: { paymentPlan: PlanType | undefined; update: boolean }, api) =>
      publishAlbum(
        api,
        queryClient,
        album.id,
        paymentPlan ? { termsAccepted: true, paymentPlan } : { termsAccepted: true },
      ),
    onSuccess: () => navigate(`/albums/${album.id}/delivered`),
    successToast: (_, { update }) =>
      update ? 'The changes are on their way to the stores.' : 'Your release is on its way to the stores.',
    onError: (caught) => {
      setProblems(problemsOfError(caught));
      void queryClient.invalidateQueries({ queryKey: releaseKeys.review(album.id) });
    },
  });
  // Once published the page moves on: the button stays off until it has.
  const sending = publish.busy || publish.succeeded;
  const error = publish.formError === null ? null : { message: publish.formError, problems };
  const deliver = () => publish.submit({ paymentPlan: chosen, update });

  useEffect(() => {
    section.current?.scrollIntoView?.({ block: 'start' });
  }, []);

  if (state === 'TAKEN_DOWN')
    return <Notice tone="warn">This release was taken down and cannot be delivered again.</Notice>;
  if (state === 'IN_REVIEW') {
    return (
      <Notice tone="info">
        This release was published{album.publishedAt ? ` on ${formatDay(album.publishedAt)}` : ''} and is
        waiting for content review; it goes to its platforms once accepted.{' '}
        <Link to={`/albums/${album.id}/distribution`}>See its distribution</Link>.
      </Notice>
    );
  }
  if (!canPublish(album)) {
    return (
      <Notice tone="success">
        This release was delivered{album.publishedAt ? ` on ${formatDay(album.publishedAt)}` : ''} and has not
        changed since. <Link to={`/albums/${album.id}/distribution`}>See its distribution</Link>.
      </Notice>
    );
  }

  return (
    <div ref={section}>
      <Card
        title={update ? 'Send the changes' : state === 'REJECTED' ? 'Publish again' : 'Deliver'}
        id="delivery"
      >
        {blocked && (
          <Notice tone="warn">Fix the problems above first; then the release can be delivered.</Notice>
        )}
        {error && (
          <Notice tone="error">
            {error.message}
            {error.problems.length > 0 && (
              <ul css={{ margin: '0.35rem 0 0', paddingLeft: '1.2rem' }}>
                {error.problems.map((problem) => (
                  <li key={`${problem.code}:${problem.anchor ?? ''}:${problem.message}`}>
                    <Link to={problemLink(album.id, problem)}>{problem.message}</Link>
                  </li>
                ))}
              </ul>
            )}
          </Notice>
        )}
        <dl css={facts}>
          <dt>Platforms</dt>
          <dd>
            {platforms.length} of {PLATFORMS.length}
          </dd>
          <dt>Territories</dt>
          <dd>
            {territories.length === TERRITORIES.length ? 'Worldwide' : `${territories.length} territories`}
          </dd>
          <dt>Release date</dt>
          <dd>{album.releaseDate ? formatDay(album.releaseDate) : 'Not chosen'}</dd>
          <dt>Tracks</dt>
          <dd>{album.tracks.filter((track) => !track.deletedAt).length}</dd>
          <dt>Plan</dt>
          <dd data-plan={plan?.id}>
            {plan
              ? planName(plan)
              : licence.isError || options.isError
                ? 'Could not be read'
                : options.data && !chosen
                  ? 'Choose one below'
                  : 'Checking…'}
          </dd>
        </dl>
        {keepsLicence && plan && (
          <p css={{ margin: '1rem 0 0', lineHeight: 1.5 }} data-plan-terms="">
            This release keeps its licence: {planInWords(plan, currency)}
          </p>
        )}
        {!keepsLicence && options.data && (
          <PlanChoice
            plans={options.data}
            chosen={chosen}
            onChoose={setPicked}
            disabled={blocked || sending}
          />
        )}
        {licence.isError && <Notice tone="error">{messageOf(licence.error)}</Notice>}
        {options.isError && <Notice tone="error">{messageOf(options.error)}</Notice>}
        <p css={{ margin: '1rem 0', color: colors.inkSoft, lineHeight: 1.5 }}>
          Our content review checks the release first; it then goes to each platform, which shows it from the
          release date.
        </p>
        <Checkbox
          label={
            <>
              I accept the{' '}
              <a
                css={linkStyle}
                href={shell.config.helpLinks.terms}
                target="_blank"
                rel="noreferrer noopener"
              >
                terms and conditions
              </a>{' '}
              and the plan above, and confirm that I own or control the rights to these recordings and the
              artwork.
            </>
          }
          checked={accepted}
          disabled={blocked || sending || !plan}
          onChange={(event) => setAccepted(event.target.checked)}
        />
        <div css={{ display: 'flex', justifyContent: 'flex-end', marginTop: '0.5rem' }}>
          <Button disabled={blocked || !accepted || sending} onClick={() => void deliver()}>
            {sending
              ? 'Delivering…'
              : `${update ? 'Send the changes to' : 'Deliver to'} ${platforms.length} ${platforms.length === 1 ? 'platform' : 'platforms'}`}
          </Button>
        </div>
      </Card>
    </div>
  );
}
