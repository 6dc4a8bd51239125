import { useState } from 'react';
import { call, endpoints, labelCopyFileName, type AlbumDetail } from '@tunehouse/contracts';
import { messageOf, useShell } from '@tunehouse/area-kit';
import { Button } from '@tunehouse/ui';
import { saveBlob } from './save-file.js';

/**
 * Downloads the API's PDF of the label copy. It goes through the shell's ApiPort, which adds the session, so a
 * plain link (which would carry no bearer token) is not enough.
 */
export function DownloadLabelCopyPdf({ album }: { album: AlbumDetail }) {
  const shell = useShell();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await call(shell.api, endpoints.releases.albums.labelCopyPdf, {
        params: { id: String(album.id) },
      });
      // A shell older than the blob answers would hand back something else; never save that as a PDF.
      if (!(file instanceof Blob)) throw new Error('The label copy PDF did not arrive as a file');
      saveBlob(file, labelCopyFileName(album));
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
