import { vi } from 'vitest';

type SavedFile = { fileName: string; size: number };

/**
 * Watches the files the page hands to the browser (lib/files' saveBlob: an object URL and a click on an
 * `<a download>`), and the links it opens by clicking an anchor. Spies on the DOM rather than mocking the module,
 * so that the page runs its own download code, and the test holds whether or not the module was loaded before it.
 */
export function watchDownloads() {
  const saved: SavedFile[] = [];
  const clicked: string[] = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:http://localhost/teste-${++next}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob && this.download) saved.push({ fileName: this.download, size: blob.size });
    else clicked.push(this.href);
  });
  return {
    saved,
    clicked,
    restore() {
      click.mockRestore();
      URL.createObjectURL = originalCreate;
      URL.revokeObjectURL = originalRevoke;
    },
  };
}
