import { useMutation } from '@tanstack/react-query';
import { Button, saveBlob } from '@tunehouse/ui';
import { messageOf } from './api-errors.js';
import { useShell } from './shell-react-context.js';

/**
 * A button that downloads an export of the API. The file is fetched through the shell's API port, which adds the
 * session (a plain link would carry no bearer token), then saved under `fileName`. The busy state is TanStack
 * Query's, like every other write of the areas; a failure is said in a toast, since no form is there to show it.
 */
export function DownloadButton({
  label,
  busyLabel,
  fileName,
  fetchFile,
  what,
}: {
  label: string;
  /** The label while the file is prepared; 'Preparing the CSV…' becomes 'Preparing CSV…' when not given. */
  busyLabel?: string;
  fileName: string;
  fetchFile: () => Promise<Blob>;
  /** What is downloaded, for the busy label and the error: 'The CSV'. */
  what: string;
}) {
  const shell = useShell();
  const download = useMutation({
    mutationFn: async () => {
      const file = await fetchFile();
      // A shell older than the blob answers would hand back something else; never save that as the file.
      if (!(file instanceof Blob)) throw new Error(`${what} did not arrive as a file`);
      saveBlob(file, fileName);
    },
    onError: (error) =>
      shell.toasts.push(messageOf(error, `${what} could not be downloaded. Try again.`), 'ERROR'),
  });
  return (
    <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
      {download.isPending ? (busyLabel ?? `Preparing ${what.replace(/^The /, '')}…`) : label}
    </Button>
  );
}
