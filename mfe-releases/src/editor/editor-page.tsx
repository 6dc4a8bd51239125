import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AlbumDetail } from '@tunehouse/contracts';
import { Link, Redirect, usePageMeta, useParams, useShell } from '@tunehouse/area-kit';
import { Card, Notice, Page } from '@tunehouse/ui';
import { LoadFailure, MissingRelease, isMissing } from '../shared/load-failure.js';
import { albumQuery } from '../shared/queries.js';
import { ReleaseHeader } from '../shared/release-header.js';
import { useUnsavedChanges } from '../shared/unsaved-changes.js';
import { ArtistsStep } from './artists-step.js';
import { ArtworkStep } from './artwork-step.js';
import { DetailsStep } from './details-step.js';
import { PlatformsStep } from './platforms-step.js';
import { ReleaseDateStep } from './release-date-step.js';
import { StepNav } from './step-nav.js';
import type { SavedStepProps } from './step-kit.js';
import { STEP_ALIASES, isStepId, nextStep, stepLabel, stepPath, type StepId } from '../shared/steps.js';
import { TracksStep } from './tracks-step.js';
import { useReview } from '../shared/use-review.js';

const STEP_FORMS: Record<StepId, (props: SavedStepProps) => React.ReactNode> = {
  details: (props) => <DetailsStep {...props} />,
  artists: (props) => <ArtistsStep {...props} />,
  tracks: (props) => <TracksStep {...props} />,
  artwork: (props) => <ArtworkStep {...props} />,
  platforms: (props) => <PlatformsStep {...props} />,
  'release-date': (props) => <ReleaseDateStep {...props} />,
};

/** /albums/new: the details step, which creates the release; the other steps open once it is saved. */
export function NewReleasePage() {
  usePageMeta('New release');
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty);
  const { navigate: guardedNavigate } = guard;
  const onSaved = useCallback(
    (album: AlbumDetail, goOn: boolean) => {
      // The release exists now: its editor takes over (replacing /albums/new, so Back does not create another).
      void guardedNavigate(stepPath(album.id, goOn ? 'artists' : 'details'), { force: true, replace: true });
    },
    [guardedNavigate],
  );
  return (
    <Page title="New release">
      <StepNav albumId={undefined} current="details" onNavigate={guard.navigate} />
      <Card title="Details" id="step">
        <DetailsStep album={undefined} onDirtyChange={setDirty} onSaved={onSaved} />
      </Card>
      {guard.dialog}
    </Page>
  );
}

/** /albums/{id}/edit/{step}: one step of the release editor, saved on its own. */
export function EditReleasePage() {
  usePageMeta('Edit release');
  const shell = useShell();
  const { id = '', step } = useParams();
  const album = useQuery(albumQuery(shell.api, id));
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChanges(dirty);
  const { navigate: guardedNavigate } = guard;
  const onSaved = useCallback(
    (_album: AlbumDetail, goOn: boolean) => {
      if (!goOn || !isStepId(step)) return;
      const next = nextStep(step);
      void guardedNavigate(next ? stepPath(id, next) : stepPath(id, 'review'), { force: true });
    },
    [guardedNavigate, id, step],
  );

  const { problems } = useReview(id, album.isSuccess);

  const alias = step === undefined ? undefined : STEP_ALIASES[step];
  if (alias) return <Redirect to={`${stepPath(id, alias)}${window.location.hash}`} replace />;
  if (album.isError && isMissing(album.error)) return <MissingRelease error={album.error} />;
  const locked = album.data?.reviewStatus === 'SUBMITTED' && !album.data.deletedAt;
  return (
    <Page title="Edit release">
      {album.data && <ReleaseHeader album={album.data} />}
      {locked && (
        <Notice tone="warn">
          This release is waiting for content review. It can be changed again once the review is done.
        </Notice>
      )}
      {album.data?.deletedAt && (
        <Notice tone="warn">This release was taken down; it can no longer be changed.</Notice>
      )}
      <StepNav
        albumId={id}
        current={isStepId(step) ? step : null}
        problems={problems}
        onNavigate={guard.navigate}
      />
      {!isStepId(step) ? (
        <Notice tone="error">
          The release editor has no step “{step}”.{' '}
          <Link to={stepPath(id, 'details')}>Start with the details</Link>.
        </Notice>
      ) : (
        <Card title={stepLabel(step)} id="step">
          {album.isError && (
            <LoadFailure what="The release" error={album.error} retry={() => void album.refetch()} />
          )}
          {album.isPending && <p role="status">Loading the release…</p>}
          {album.data && (
            <div key={`${id}/${step}`}>
              {STEP_FORMS[step]({ album: album.data, onDirtyChange: setDirty, onSaved })}
            </div>
          )}
        </Card>
      )}
      {guard.dialog}
    </Page>
  );
}
