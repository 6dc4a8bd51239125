import { useState } from 'react';
import { messageOf, useShell } from '@tunehouse/area-kit';
import { Button, saveBlob } from '@tunehouse/ui';

/**
 * A button that downloads an export of the API. The file is fetched through the shell's API port, which adds the
 * session (a plain link would carry no bearer token), then saved under `fileName`.
 */
export function DownloadButton({
  label,
  fileName,
  fetchFile,
  what,
}: {
  label: string;
  fileName: string;
  fetchFile: () => Promise<Blob>;
  /** What is downloaded, for the busy label and the error: 'the CSV'. */
  what: string;
}) {
  const shell = useShell();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const file = await fetchFile();
      // A shell older than the blob answers would hand back something else; never save that as the file.
      if (!(file instanceof Blob)) throw new Error(`${what} did not arrive as a file`);
      saveBlob(file, fileName);
    } catch (error) {
      shell.toasts.push(messageOf(error, `${what} could not be downloaded. Try again.`), 'ERROR');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" disabled={busy} onClick={() => void download()}>
      {busy ? `Preparing ${what.replace(/^The /, '')}…` : label}
    </Button>
  );
}
