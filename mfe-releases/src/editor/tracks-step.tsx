import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { FormProvider, useFieldArray, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { type AlbumDetail, liveTracks } from '@tunehouse/contracts';
import { applyFieldErrors, useLocationHash, useShell } from '@tunehouse/area-kit';
import { uploadMessage } from '../shared/upload-message.js';
import { Button, Notice, colors, formatDuration, radius } from '@tunehouse/ui';
import { FileButton } from '../shared/file-button.js';
import { formatBytes } from '../shared/format.js';
import { HelpLink } from '../shared/help-link.js';
import { albumQuery, albumSaved, saveAlbum, uploadTrackAudio } from '../shared/queries.js';
import { lede } from '../shared/styles.js';
import { FormError, SaveBar, goesOn, useReportDirty, type SavedStepProps } from './step-kit.js';
import { TrackPanel } from './track-panel.js';
import {
  AUDIO_ACCEPT,
  audioFileProblem,
  newTrack,
  trackFieldOf,
  tracksBody,
  tracksSchema,
  tracksValues,
  type TrackValues,
  type TracksValues,
} from './track-values.js';

const list = css`
  margin: 0 0 1rem;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 0.75rem;
`;
const item = css`
  border: 1px solid ${colors.border};
  border-radius: ${radius.medium};
  overflow: hidden;
  scroll-margin-top: 5rem;
  &[data-invalid='true'] {
    border-color: ${colors.danger};
  }
`;
const head = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 0.75rem;
  padding: 0.75rem 0.9rem;
  background: ${colors.surface};
`;
const number = css`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  border-radius: 50%;
  background: ${colors.paper};
  border: 1px solid ${colors.border};
  font-weight: 700;
`;
const summary = css`
  flex: 1 1 12rem;
  min-width: 0;
  strong {
    display: block;
    overflow-wrap: anywhere;
  }
  small {
    display: block;
    color: ${colors.inkSoft};
    font-size: 0.82rem;
    margin-top: 0.15rem;
  }
  small[data-error] {
    color: ${colors.danger};
  }
`;
const tools = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.35rem;
  button,
  label {
    min-height: 2.25rem;
    padding: 0 0.75rem;
    font-size: 0.88rem;
  }
`;
const addRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem 1rem;
  padding: 1rem;
  border: 2px dashed ${colors.border};
  border-radius: ${radius.medium};
  p {
    margin: 0;
    color: ${colors.inkSoft};
    font-size: 0.9rem;
  }
`;

function audioLine(track: TrackValues): string {
  if (track.file)
    return `New file ${track.file.name} (${formatBytes(track.file.size)}), uploaded when you save`;
  if (!track.audio) return 'No audio yet';
  const { original } = track.audio;
  const depth = original.bitDepth ? `, ${original.bitDepth}-bit` : '';
  return `${formatDuration(original.duration)} · ${original.format} ${(original.sampleRate / 1000).toLocaleString('en')} kHz${depth}`;
}

/** The track a `#track-<id>` or `#track-at-<position>` hash names, as its index in the list; -1 for none. */
function trackIndexOf(hash: string, tracks: readonly TrackValues[]): number {
  const anchor = decodeURIComponent(hash.slice(1));
  const byPosition = /^track-at-(\d+)$/.exec(anchor);
  if (byPosition) return Number(byPosition[1]) < tracks.length ? Number(byPosition[1]) : -1;
  const byId = /^track-(.+)$/.exec(anchor);
  return byId ? tracks.findIndex((track) => String(track.trackId) === byId[1]) : -1;
}

interface Upload {
  label: string;
  value: number;
  max: number;
}

/**
 * Step 3: the tracks, each with its audio, order, metadata, artists and credits. Saving sends the whole track list
 * with the album form, then uploads each new audio file to its track, one after the other.
 */
export function TracksStep({ album, onDirtyChange, onSaved }: SavedStepProps) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const hash = useLocationHash();
  const [formError, setFormError] = useState<string | null>(null);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const form = useForm<TracksValues>({
    resolver: zodResolver(tracksSchema),
    defaultValues: tracksValues(album),
  });
  const tracks = useFieldArray({ control: form.control, name: 'tracks' });
  const values = useWatch({ control: form.control, name: 'tracks' }) ?? [];
  const { isDirty, isSubmitting, errors } = form.formState;
  useReportDirty(isDirty, onDirtyChange);
  const pending = values.filter((track) => track.file);

  // The review links to a track: #track-<id>, or #track-at-<position> for a problem named by its place. The track
  // named by a new hash opens (state adjusted while rendering), and is scrolled to once shown.
  const [seenHash, setSeenHash] = useState<string | null>(null);
  const linked = trackIndexOf(hash, values);
  if (hash !== seenHash) {
    setSeenHash(hash);
    const field = linked >= 0 ? tracks.fields[linked] : undefined;
    if (field) setOpen(field.id);
  }
  useEffect(() => {
    if (linked < 0) return;
    const timer = setTimeout(() =>
      document.querySelector(`[data-track="${linked + 1}"]`)?.scrollIntoView?.({ block: 'start' }),
    );
    return () => clearTimeout(timer);
    // Only when the hash changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash]);

  const addFiles = (files: FileList | null) => {
    const problems: string[] = [];
    for (const file of Array.from(files ?? [])) {
      const problem = audioFileProblem(file);
      if (problem) problems.push(problem);
      else tracks.append(newTrack(album, file), { shouldFocus: false });
    }
    setFileProblems(problems);
  };

  const openFirstInvalid = (invalid: FieldErrors<TracksValues>) => {
    const list = invalid.tracks;
    if (!Array.isArray(list)) return;
    const index = list.findIndex((entry) => entry !== undefined);
    const field = index >= 0 ? tracks.fields[index] : undefined;
    if (field) setOpen(field.id);
  };

  const submit = form.handleSubmit(async (submitted, event) => {
    const goOn = goesOn(event);
    setFormError(null);
    if (!isDirty) {
      if (goOn) onSaved(album, true);
      return;
    }
    const { body, audio } = tracksBody(submitted);
    let saved: AlbumDetail;
    try {
      saved = await saveAlbum(shell.api, queryClient, album.id, body);
    } catch (error) {
      setFormError(applyFieldErrors(error, form.setError, trackFieldOf));
      openFirstInvalid(form.formState.errors);
      return;
    }

    // The tracks exist now: each new file goes to the track at its place.
    const placed = liveTracks(saved);
    const failed: { position: number; file: File; message: string }[] = [];
    const total = audio.reduce((sum, { file }) => sum + file.size, 0);
    let sent = 0;
    for (const [count, { position, file }] of audio.entries()) {
      setUpload({
        label: `Uploading audio ${count + 1} of ${audio.length}: ${file.name}`,
        value: sent,
        max: total,
      });
      const track = placed[position];
      const label = `Uploading audio ${count + 1} of ${audio.length}: ${file.name}`;
      const before = sent;
      try {
        if (!track) throw new Error('The track was not saved');
        // The request is a little larger than the file (multipart framing): scale its progress onto the file.
        await uploadTrackAudio(shell.api, album.id, track.id, file, (loaded, size) =>
          setUpload({ label, value: before + (size > 0 ? (loaded / size) * file.size : 0), max: total }),
        );
      } catch (error) {
        failed.push({ position, file, message: uploadMessage(error) });
      }
      sent += file.size;
    }
    setUpload(null);
    if (audio.length > 0) {
      saved = await queryClient
        .fetchQuery({ ...albumQuery(shell.api, album.id), staleTime: 0 })
        .catch(() => saved);
      await albumSaved(queryClient, saved);
    }

    form.reset(tracksValues(saved));
    for (const { position, file, message } of failed) {
      form.setValue(`tracks.${position}.file`, file, { shouldDirty: true });
      form.setError(`tracks.${position}.file`, { type: 'server', message });
    }
    if (failed.length > 0) {
      setFormError(
        `The tracks are saved, but ${failed.length === 1 ? 'one audio file was' : `${failed.length} audio files were`} not accepted. Choose another file or save again.`,
      );
      return;
    }
    setOpen(null);
    shell.toasts.push(audio.length > 0 ? 'Tracks and audio saved.' : 'Tracks saved.', 'SUCCESS');
    onSaved(saved, goOn);
  }, openFirstInvalid);

  const play = (track: TrackValues) => {
    if (!track.audio || track.trackId === null) return;
    const start = track.previewStart.trim() === '' ? null : Number(track.previewStart);
    shell.player.toggle({
      id: track.trackId,
      url: track.audio.mp3?.url ?? track.audio.original.url,
      title: track.title || undefined,
      artists: track.artists.map((artist) => artist.name),
      range: start === null || Number.isNaN(start) ? undefined : { start, duration: 30, label: 'PREVIEW' },
    });
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label="Release tracks">
        <p css={lede}>
          Upload the lossless master of each track (WAV, FLAC or AIFF), put the tracks in order and fill in
          each track&apos;s details. Files are uploaded when you save.{' '}
          <HelpLink topic="master" about="audio masters">
            About masters
          </HelpLink>
        </p>
        <FormError message={formError} />
        {fileProblems.map((problem) => (
          <Notice key={problem} tone="error">
            {problem}
          </Notice>
        ))}
        {tracks.fields.length === 0 && <p css={{ color: colors.muted }}>No tracks yet.</p>}
        <ol css={list} aria-label="Tracks">
          {tracks.fields.map((field, index) => {
            const track = values[index] ?? field;
            const name = track.title.trim() || `Track ${index + 1}`;
            const trackErrors = errors.tracks?.[index];
            const expanded = open === field.id;
            return (
              <li
                key={field.id}
                css={item}
                data-track={index + 1}
                data-invalid={trackErrors ? 'true' : undefined}
              >
                <div css={head}>
                  <span css={number} aria-hidden="true">
                    {index + 1}
                  </span>
                  <div css={summary}>
                    <strong>{name}</strong>
                    <small>{audioLine(track)}</small>
                    {trackErrors?.file?.message && <small data-error="">{trackErrors.file.message}</small>}
                    {trackErrors && !expanded && !trackErrors.file && (
                      <small data-error="">This track has problems: open its details.</small>
                    )}
                  </div>
                  <div css={tools}>
                    {track.audio && !track.file && (
                      <Button
                        variant="secondary"
                        onClick={() => play(track)}
                        aria-label={`Play preview of ${name}`}
                      >
                        ▶ Preview
                      </Button>
                    )}
                    <FileButton
                      label={track.audio || track.file ? 'Replace audio' : 'Add audio'}
                      accept={AUDIO_ACCEPT}
                      aria-label={`${track.audio || track.file ? 'Replace' : 'Add'} the audio of ${name}`}
                      disabled={isSubmitting}
                      onChange={(event) => {
                        const file = event.target.files?.[0];
                        event.target.value = '';
                        if (!file) return;
                        const problem = audioFileProblem(file);
                        setFileProblems(problem ? [problem] : []);
                        if (problem) return;
                        form.clearErrors(`tracks.${index}.file`);
                        form.setValue(`tracks.${index}.file`, file, { shouldDirty: true });
                      }}
                    />
                    <Button
                      variant="ghost"
                      disabled={index === 0 || isSubmitting}
                      aria-label={`Move ${name} up`}
                      onClick={() => tracks.move(index, index - 1)}
                    >
                      ↑
                    </Button>
                    <Button
                      variant="ghost"
                      disabled={index === tracks.fields.length - 1 || isSubmitting}
                      aria-label={`Move ${name} down`}
                      onClick={() => tracks.move(index, index + 1)}
                    >
                      ↓
                    </Button>
                    <Button
                      variant="ghost"
                      aria-expanded={expanded}
                      aria-label={`${expanded ? 'Close' : 'Edit'} the details of ${name}`}
                      onClick={() => setOpen(expanded ? null : field.id)}
                    >
                      {expanded ? 'Close' : 'Details'}
                    </Button>
                    <Button
                      variant="ghost"
                      disabled={isSubmitting}
                      aria-label={`Remove ${name}`}
                      onClick={() => tracks.remove(index)}
                    >
                      Remove
                    </Button>
                  </div>
                </div>
                {expanded && <TrackPanel index={index} />}
              </li>
            );
          })}
        </ol>
        <div css={addRow}>
          <FileButton
            label="Add tracks from audio files"
            variant="primary"
            accept={AUDIO_ACCEPT}
            multiple
            disabled={isSubmitting}
            onChange={(event) => {
              addFiles(event.target.files);
              event.target.value = '';
            }}
          />
          <p>One track per file: WAV, FLAC or AIFF, stereo, 16 or 24-bit, 44.1 kHz or more.</p>
        </div>
        <SaveBar
          saving={isSubmitting}
          dirty={isDirty}
          upload={
            upload ??
            (isSubmitting && pending.length > 0 ? { label: 'Saving the tracks before their audio' } : null)
          }
        />
      </form>
    </FormProvider>
  );
}
