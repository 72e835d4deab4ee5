// Saves bytes the app already holds as a file on the device, under the given name, through a
// temporary link (the only way a page can start a download of its own data).

/** The browser reads the blob after click() returns: keep its URL alive a while, then free it. */
const REVOKE_AFTER_MS = 60_000;

export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
