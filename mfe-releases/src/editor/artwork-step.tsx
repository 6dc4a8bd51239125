import { useEffect, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { useQueryClient } from '@tanstack/react-query';
import { useApiForm } from '@tunehouse/area-kit';
import { withReasons } from '../shared/upload-message.js';
import { Button, Notice, colors, mq, radius } from '@tunehouse/ui';
import { releaseTitle } from '@tunehouse/contracts';
import { FileButton } from '../shared/file-button.js';
import { formatBytes } from '../shared/format.js';
import { HelpLink } from '../shared/help-link.js';
import { saveAlbum } from '../shared/queries.js';
import { ARTWORK_MIN_EDGE, ARTWORK_TYPES, artworkProblems, readImageSize } from './artwork-rules.js';
import { FormError, SaveBar, goesOn, useReportDirty, type SavedStepProps } from './step-kit.js';

const layout = css`
  display: grid;
  gap: 1.5rem;
  ${mq('tablet')} {
    grid-template-columns: 16rem 1fr;
    align-items: start;
  }
`;
const preview = css`
  width: 100%;
  max-width: 16rem;
  aspect-ratio: 1;
  border-radius: ${radius.medium};
  border: 1px solid ${colors.border};
  background: ${colors.surface};
  object-fit: cover;
  display: grid;
  place-items: center;
  color: ${colors.muted};
  text-align: center;
  padding: 0;
  box-sizing: border-box;
`;
const rules = css`
  margin: 0 0 1rem;
  padding-left: 1.2rem;
  color: ${colors.inkSoft};
  line-height: 1.6;
`;

type Change = { kind: 'none' } | { kind: 'remove' } | { kind: 'upload'; file: File; url: string };

/** Step 4: the artwork, checked in the browser (type, square, size) before it is uploaded on save. */
export function ArtworkStep({ album, onDirtyChange, onSaved }: SavedStepProps) {
  const queryClient = useQueryClient();
  const [change, setChange] = useState<Change>({ kind: 'none' });
  const [problems, setProblems] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const save = useApiForm({
    send: ({ change }: { change: Exclude<Change, { kind: 'none' }>; goOn: boolean }, api) =>
      change.kind === 'upload'
        ? saveAlbum(api, queryClient, album.id, {}, change.file)
        : saveAlbum(api, queryClient, album.id, { artwork: null }),
    onSuccess: (saved, { goOn }) => {
      setChange({ kind: 'none' });
      onSaved(saved, goOn);
    },
    successToast: (_, { change }) => (change.kind === 'upload' ? 'Artwork uploaded.' : 'Artwork removed.'),
  });
  const saving = save.busy;
  // A refused upload names every problem the API found in the file (decision 0033).
  const formError = save.formError && withReasons(save.formError, save.fieldErrors);
  const dirty = change.kind !== 'none';
  useReportDirty(dirty, onDirtyChange);

  useEffect(() => {
    if (change.kind !== 'upload') return;
    return () => URL.revokeObjectURL(change.url);
  }, [change]);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setChecking(true);
    save.reset();
    const size = ARTWORK_TYPES.includes(file.type) ? await readImageSize(file) : null;
    const found = artworkProblems({
      name: file.name,
      type: file.type,
      width: size?.width ?? null,
      height: size?.height ?? null,
    });
    setChecking(false);
    setProblems(found);
    if (found.length === 0) setChange({ kind: 'upload', file, url: URL.createObjectURL(file) });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const goOn = goesOn(event);
    if (change.kind === 'none') {
      save.reset();
      if (goOn) onSaved(album, true);
      return;
    }
    await save.submit({ change, goOn });
  };

  const current = album.artwork?.large ?? album.artwork?.medium ?? album.artwork?.original;
  const shown =
    change.kind === 'upload' ? change.url : change.kind === 'remove' ? null : (current?.url ?? null);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Release artwork">
      <FormError message={formError} />
      <div css={layout}>
        {shown ? (
          <img css={preview} src={shown} alt={`Artwork of ${releaseTitle(album)}`} />
        ) : (
          <div css={preview} role="img" aria-label="No artwork">
            No artwork
          </div>
        )}
        <div>
          <p css={{ margin: '0 0 0.5rem', fontWeight: 600 }}>
            The cover shown in every store <HelpLink topic="artwork" about="artwork" />
          </p>
          <ul css={rules}>
            <li>JPEG or PNG</li>
            <li>
              Square, at least {ARTWORK_MIN_EDGE} × {ARTWORK_MIN_EDGE} pixels
            </li>
            <li>No web addresses, prices or store logos</li>
          </ul>
          {problems.length > 0 && (
            <Notice tone="error">
              This image cannot be used:
              <ul css={{ margin: '0.35rem 0 0', paddingLeft: '1.2rem' }}>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </Notice>
          )}
          {change.kind === 'upload' && (
            <Notice tone="info">
              {change.file.name} ({formatBytes(change.file.size)}) is ready: it is uploaded when you save.
            </Notice>
          )}
          {change.kind === 'remove' && <Notice tone="warn">The artwork is removed when you save.</Notice>}
          <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem' }}>
            <FileButton
              label={
                checking ? 'Checking the image…' : album.artwork ? 'Choose another image' : 'Choose an image'
              }
              accept="image/jpeg,image/png"
              disabled={checking || saving}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                void choose(file);
              }}
            />
            {change.kind !== 'none' && (
              <Button
                variant="ghost"
                onClick={() => {
                  setChange({ kind: 'none' });
                  setProblems([]);
                }}
              >
                Undo
              </Button>
            )}
            {change.kind === 'none' && album.artwork && (
              <Button variant="ghost" onClick={() => setChange({ kind: 'remove' })}>
                Remove artwork
              </Button>
            )}
          </div>
        </div>
      </div>
      <SaveBar
        saving={saving}
        dirty={dirty}
        upload={
          saving && change.kind === 'upload'
            ? { label: `Uploading ${change.file.name} (${formatBytes(change.file.size)})` }
            : null
        }
      />
    </form>
  );
}
