import { useState } from 'react';
import type { AlbumDetail } from '@tunehouse/contracts';
import { messageOf, useShell } from '@tunehouse/area-kit';
import { Button } from '@tunehouse/ui';
import { releaseTitle } from '../shared/release-header.js';
import { fileNameOf, saveBlob } from './save-file.js';

/**
 * Downloads the API's PDF of the label copy (GET /v1/albums/{id}/labelcopy.pdf). It goes through the shell's
 * ApiPort, which adds the session, so a plain link (which would carry no bearer token) is not enough.
 */
export function DownloadLabelCopyPdf({ album }: { album: AlbumDetail }) {
  const shell = useShell();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await shell.api.request<Blob>({
        method: 'GET',
        path: `/v1/albums/${album.id}/labelcopy.pdf`,
        responseType: 'blob',
      });
      // A shell older than the blob answers would hand back something else; never save that as a PDF.
      if (!(file instanceof Blob)) throw new Error('The label copy PDF did not arrive as a file');
      saveBlob(file, fileNameOf(releaseTitle(album), '-label-copy.pdf'));
    } catch (error) {
      shell.toasts.push(messageOf(error, 'The label copy PDF could not be downloaded. Try again.'), 'ERROR');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" disabled={busy} onClick={() => void download()}>
      {busy ? 'Preparing PDF…' : 'Download PDF'}
    </Button>
  );
}
