import { describe, expect, it } from 'vitest';
import { downloadRecorder } from './downloads.js';

/** What a page does to save a file: an object URL on a temporary `<a download>`, clicked. */
function saveAs(blob: Blob, name: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

describe('downloadRecorder', () => {
  it('records each file saved between start and stop, then gives jsdom its own object URLs back', async () => {
    const original = URL.createObjectURL;
    const downloads = downloadRecorder();
    downloads.start();
    saveAs(new Blob(['a,b\n'], { type: 'text/csv' }), 'first.csv');
    saveAs(new Blob(['%PDF-'], { type: 'application/pdf' }), 'second.pdf');
    downloads.stop();
    expect(downloads.saved.map((file) => file.name)).toEqual(['first.csv', 'second.pdf']);
    expect(await downloads.saved[0]!.blob.text()).toBe('a,b\n');
    expect(URL.createObjectURL).toBe(original);

    downloads.start();
    expect(downloads.saved).toEqual([]);
    downloads.stop();
  });
});
