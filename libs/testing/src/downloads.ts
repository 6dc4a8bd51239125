/** A file a page saved through a download link: the Blob behind the object URL, and the file name. */
export type SavedDownload = { blob: Blob; name: string };

/**
 * Records what pages save through a temporary download link (an object URL on an `<a download>` the page clicks),
 * since jsdom has no object URLs and does not download. `start()` belongs in beforeEach and `stop()` in afterEach:
 * in between, `saved` lists each file saved, and nothing is navigated to.
 */
export function downloadRecorder() {
  const saved: SavedDownload[] = [];
  const blobs = new Map<string, Blob>();
  const original = {
    create: URL.createObjectURL,
    revoke: URL.revokeObjectURL,
    click: HTMLAnchorElement.prototype.click,
  };
  return {
    saved,
    start: () => {
      saved.length = 0;
      blobs.clear();
      URL.createObjectURL = (blob: Blob | MediaSource) => {
        const url = `blob:test/${blobs.size}`;
        if (blob instanceof Blob) blobs.set(url, blob);
        return url;
      };
      URL.revokeObjectURL = () => undefined;
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        const blob = blobs.get(this.href);
        if (blob) saved.push({ blob, name: this.download });
      };
    },
    stop: () => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
      HTMLAnchorElement.prototype.click = original.click;
    },
  };
}
