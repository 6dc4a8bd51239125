import { useState } from 'react';
import { css } from '@emotion/react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlbumSplit, SplitPutResult } from '@tunehouse/contracts';
import {
  applyFieldErrors,
  Link,
  MoneyReadOnlyNotice,
  type SetFieldError,
  useParams,
  useShell,
  useViewingAs,
  usePlatformCurrency,
} from '@tunehouse/area-kit';
import { Button, Card, Notice, SelectField, colors, formatDate } from '@tunehouse/ui';
import { QueryPage } from '../shared/query-page.js';
import { albumSplitQuery, putSplit, releaseQuery, splitKeys } from '../shared/split-queries.js';
import { monthOf } from '../shared/split-sections.js';
import {
  bodyOf,
  editorSchema,
  formFieldOf,
  monthsFrom,
  valuesOf,
  type EditorOutput,
  type EditorValues,
} from './editor-values.js';
import { RecoupmentRows } from './recoupment-rows.js';
import { SavedSplit } from './saved-split.js';
import { ShareRows, errorAt } from './share-rows.js';
import { TrackOverridesEditor, type EditorTrack } from './track-overrides-editor.js';

const leadStyle = css`
  color: ${colors.inkSoft};
  line-height: 1.55;
  margin-top: 0;
`;

const whenStyle = css`
  max-width: 18rem;
`;

/** A fieldset that only disables the form it wraps: no frame or spacing of its own. */
const plainFieldset = css`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
`;

function SplitForm({
  albumSplit,
  tracks,
  onSaved,
}: {
  albumSplit: AlbumSplit;
  tracks: readonly EditorTrack[];
  onSaved: (result: SplitPutResult) => void;
}) {
  // A taken-down release's split is closed: shown as it is, every field and the save disabled (the API refuses too).
  const closed = albumSplit.takenDownAt !== null;
  const shell = useShell();
  const queryClient = useQueryClient();
  const currency = usePlatformCurrency();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EditorValues, unknown, EditorOutput>({
    resolver: zodResolver(editorSchema),
    defaultValues: valuesOf(albumSplit.split, albumSplit.nextEffectiveFrom),
  });
  // The API's paths arrive mapped to the form's own names, list `root`s included, which the form's type cannot spell.
  const setFieldError: SetFieldError<string> = (field, fieldError, options) =>
    form.setError(field as FieldPath<EditorValues>, fieldError, options);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const result = await putSplit(shell.api, albumSplit.albumId, bodyOf(values));
      await queryClient.invalidateQueries({ queryKey: splitKeys.all });
      onSaved(result);
    } catch (error) {
      setFormError(applyFieldErrors(error, setFieldError, formFieldOf));
    }
  });
  const { errors, isSubmitting } = form.formState;
  // An administrator viewing as the owner sees the form but cannot save it (the API refuses too).
  const readOnly = useViewingAs() !== null;
  const months = monthsFrom(albumSplit.nextEffectiveFrom).map((month) => ({
    value: month,
    label: monthOf(month),
  }));
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label="Split">
        {formError && <Notice tone="error">{formError}</Notice>}
        <fieldset css={plainFieldset} disabled={closed}>
          <Card title="People and shares" id="people">
            <p css={leadStyle}>
              Everyone here gets their share of the release’s royalties on every track without shares of its
              own. Shares are percentages with up to two decimals; you keep the rest. New and changed people
              get an invite; people whose share stays the same keep their answer.
            </p>
            <ShareRows name="participants" />
          </Card>
          <Card title="Tracks with their own shares" id="tracks">
            <p css={leadStyle}>Optional: a track can be split differently, with people of its own.</p>
            <TrackOverridesEditor tracks={tracks} />
          </Card>
          <Card title="Costs to recoup first" id="recoupments">
            <p css={leadStyle}>
              Optional: the release’s income repays these to whoever paid them before the shares apply.
            </p>
            <RecoupmentRows currency={currency} />
          </Card>
          <Card title="When it starts" id="when">
            <div css={whenStyle}>
              <SelectField
                label="Takes effect from"
                hint="The first day of a month whose royalties are not settled yet; earlier months never change."
                options={months}
                error={errorAt(errors, 'effectiveFrom')}
                {...form.register('effectiveFrom')}
              />
            </div>
            <Button type="submit" disabled={isSubmitting || readOnly || closed}>
              {isSubmitting ? 'Saving…' : 'Save split'}
            </Button>
          </Card>
        </fieldset>
      </form>
    </FormProvider>
  );
}

/** The release's tracks: from its split, or, before there is one, from the release itself. */
function useTracks(albumSplit: AlbumSplit) {
  const shell = useShell();
  const release = useQuery({ ...releaseQuery(shell.api, albumSplit.albumId), enabled: !albumSplit.split });
  if (albumSplit.split)
    return { tracks: albumSplit.split.tracks, title: albumSplit.split.album.title, release };
  const tracks = (release.data?.tracks ?? []).map((track) => ({
    id: String(track.id),
    title: track.title ?? `Track ${track.index + 1}`,
    position: track.index + 1,
  }));
  return { tracks, title: release.data?.title ?? undefined, release };
}

function Editor({ albumSplit }: { albumSplit: AlbumSplit }) {
  const [saved, setSaved] = useState<SplitPutResult | null>(null);
  const { tracks, title, release } = useTracks(albumSplit);
  if (albumSplit.split?.viewerRole === 'PARTICIPANT')
    return (
      <Notice tone="info">
        Only the release’s owner can change its split.{' '}
        <Link to={`/albums/${albumSplit.albumId}/splits`}>See the split</Link>
      </Notice>
    );
  if (saved) return <SavedSplit result={saved} />;
  return (
    <>
      <p>
        {title && <strong>{title}. </strong>}
        <Link to={`/albums/${albumSplit.albumId}/splits`}>Back to the release’s split</Link>
      </p>
      {albumSplit.takenDownAt && (
        <Notice tone="warn">
          This release was taken down on {formatDate(albumSplit.takenDownAt)}, so its split is closed: it can
          no longer be changed. What it earned before stays as it was divided.
        </Notice>
      )}
      {!albumSplit.split && release.isPending ? (
        <p role="status">Loading the release…</p>
      ) : (
        <SplitForm albumSplit={albumSplit} tracks={tracks} onSaved={setSaved} />
      )}
    </>
  );
}

/** /albums/{id}/splits/edit: the owner sets who gets which share of the release, from which month. */
export function SplitEditorPage() {
  const { id = '' } = useParams();
  const shell = useShell();
  const albumSplit = useQuery(albumSplitQuery(shell.api, id));
  return (
    <QueryPage title="Edit release splits" query={albumSplit} what="the release’s split" backTo="/albums">
      {(data) => (
        <>
          <MoneyReadOnlyNotice />
          <Editor albumSplit={data} />
        </>
      )}
    </QueryPage>
  );
}
