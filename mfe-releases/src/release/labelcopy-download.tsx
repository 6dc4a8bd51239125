import { call, endpoints, labelCopyFileName, type AlbumDetail } from '@tunehouse/contracts';
import { DownloadButton, useShell } from '@tunehouse/area-kit';

/** Downloads the API's PDF of the label copy, through the shell's API port (which adds the session). */
export function DownloadLabelCopyPdf({ album }: { album: AlbumDetail }) {
  const shell = useShell();
  return (
    <DownloadButton
      label="Download PDF"
      busyLabel="Preparing PDF…"
      what="The label copy PDF"
      fileName={labelCopyFileName(album)}
      fetchFile={() =>
        call(shell.api, endpoints.releases.albums.labelCopyPdf, { params: { id: String(album.id) } })
      }
    />
  );
}
