import { useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportUpload } from '@tunehouse/contracts';
import { messageOf, useShell } from '@tunehouse/area-kit';
import { Button, Card, Notice, ProgressBar, TextField, formatDateTime } from '@tunehouse/ui';
import { reportKeys, uploadReport } from './report-queries.js';

/**
 * By extension, as the API detects the format by extension then content; other names are still sent. Compressed
 * reports (.gz, .zip holding one report) are unpacked by the API as it reads them.
 */
const ACCEPT =
  '.tsv,.csv,.txt,.gz,.zip,text/csv,text/tab-separated-values,text/plain,application/gzip,application/zip';

// A platform's report name (DSR_…_1of2_….tsv.gz) has no place to break: let it wrap anywhere rather than widen
// the page on a phone.
const fileNamed = css`
  margin-top: 1rem;
  overflow-wrap: anywhere;
`;

const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
  margin-top: 0.5rem;
`;

/** What the API said about an upload, in words: queued, or the earlier file with the same content. */
function outcome(sent: string, answer: ReportUpload): string {
  if (!answer.duplicate) return `“${sent}” is uploaded and waits to be loaded. The list below follows it.`;
  const earlier = answer.name === sent ? `the file uploaded` : `“${answer.name}”, uploaded`;
  return (
    `“${sent}” has the same content as ${earlier} ${formatDateTime(answer.createdAt)} ` +
    `(${answer.status.toLowerCase()}), so nothing was loaded again.`
  );
}

/**
 * Upload one platform report (DDEX DSR flat file or Tunehouse CSV) with a progress bar by bytes sent. The API
 * answers at once (202) and loads the file in a job; the list refreshes until it is LOADED or FAILED.
 */
export function ReportUploadCard({ onUploaded }: { onUploaded: () => void }) {
  const shell = useShell();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input after an upload (a file input's value cannot be set).
  const [inputKey, setInputKey] = useState(0);
  const [percent, setPercent] = useState(0);
  const [missing, setMissing] = useState(false);

  const upload = useMutation({
    mutationFn: (chosen: File) => {
      setPercent(0);
      return uploadReport(shell.api, chosen, setPercent);
    },
    onSuccess: async () => {
      setFile(null);
      setInputKey((key) => key + 1);
      onUploaded();
      await queryClient.invalidateQueries({ queryKey: reportKeys.all });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setMissing(true);
      return;
    }
    upload.mutate(file);
  };

  return (
    <Card title="Upload a report" id="report-upload">
      <form noValidate onSubmit={submit} aria-label="Upload a report">
        <TextField
          key={inputKey}
          label="Report file"
          type="file"
          accept={ACCEPT}
          hint="A DDEX DSR flat file (.tsv) or a Tunehouse CSV report, plain or compressed (.gz, or a .zip holding one report), up to 5 GB. The parts of a multi-part DSR set (_1of3, _2of3, …) are loaded together once every part is in. A file already uploaded is not loaded twice."
          error={missing ? 'Choose a report file to upload' : undefined}
          disabled={upload.isPending}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setMissing(false);
            upload.reset();
          }}
        />
        <div css={actions}>
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending ? 'Uploading…' : 'Upload report'}
          </Button>
        </div>
      </form>
      {upload.isPending && (
        <div css={fileNamed}>
          <ProgressBar label={`Uploading ${upload.variables.name}`} value={percent} showLabel />
        </div>
      )}
      {upload.isSuccess && (
        <div css={fileNamed}>
          <Notice tone={upload.data.duplicate ? 'warn' : 'success'}>
            {outcome(upload.variables.name, upload.data)}
          </Notice>
        </div>
      )}
      {upload.isError && (
        <div css={fileNamed}>
          <Notice tone="error">
            “{upload.variables.name}” was not uploaded: {messageOf(upload.error)}
          </Notice>
        </div>
      )}
    </Card>
  );
}
