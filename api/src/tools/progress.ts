/**
 * A one-line progress bar on stderr (hand-rolled: ~40 lines, no dependency): bytes read of the total, rows and rows
 * a second. On a terminal it redraws in place at most 10 times a second; otherwise (CI, a pipe) it prints a line
 * every 5 seconds, so logs stay readable.
 */
export type ProgressBar = {
  update(state: { bytes?: number; rows?: number }): void;
  done(): void;
};

const WIDTH = 24;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) [value, unit] = [value / 1024, unit + 1];
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function createProgressBar(
  label: string,
  totalBytes: number | null,
  stream: NodeJS.WriteStream = process.stderr,
): ProgressBar {
  const started = Date.now();
  const interactive = Boolean(stream.isTTY);
  let bytes = 0;
  let rows = 0;
  let last = 0;
  const line = () => {
    const seconds = Math.max(0.001, (Date.now() - started) / 1000);
    const rate = Math.round(rows / seconds).toLocaleString('en-US');
    const fraction = totalBytes ? Math.min(1, bytes / totalBytes) : null;
    const bar =
      fraction === null
        ? ''
        : `[${'#'.repeat(Math.round(fraction * WIDTH)).padEnd(WIDTH, '-')}] ${String(Math.floor(fraction * 100)).padStart(3)}% ` +
          `${formatBytes(bytes)}/${formatBytes(totalBytes!)} `;
    return `${bar}${rows.toLocaleString('en-US')} rows ${rate} rows/s  ${label}`;
  };
  const draw = (force = false) => {
    const now = Date.now();
    if (!force && now - last < (interactive ? 100 : 5000)) return;
    last = now;
    if (interactive) stream.write(`\r\u001b[2K${line().slice(0, (stream.columns || 120) - 1)}`);
    else if (force || now - started >= 5000) stream.write(`${line()}\n`);
  };
  return {
    update(state) {
      if (state.bytes !== undefined) bytes = state.bytes;
      if (state.rows !== undefined) rows = state.rows;
      draw();
    },
    done() {
      if (totalBytes) bytes = totalBytes;
      draw(true);
      if (interactive) stream.write('\n');
    },
  };
}
