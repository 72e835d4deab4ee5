import { useCallback, useState } from 'react';
import { fetchImage, refaceCacheKeys, type StoredImage } from '#api/refaces';
import { albumFileName } from '#domain/reface';
import { readSnapshot } from '#offline/cache';

/** Spec 8: what a failed album download says. */
export const DOWNLOAD_FAILED = 'No se pudo descargar la imagen.';

function save(image: StoredImage, fileName: string): void {
  const url = URL.createObjectURL(new Blob([image.bytes], { type: image.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after click() returns; give it time before letting it go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Saves a portrait as `{attribute}.jpg`: from the device copy when there is one (works
 * offline), else fetched with the session's token.
 */
export function useImageDownload(userId: number) {
  const [error, setError] = useState<string | null>(null);

  const download = useCallback(async (path: string, attributeName: string) => {
    setError(null);
    try {
      const stored = await readSnapshot(refaceCacheKeys.image(path), userId).catch(() => undefined);
      const image = (stored?.data as StoredImage | undefined) ?? (await fetchImage(path));
      save(image, albumFileName(attributeName));
    } catch {
      setError(DOWNLOAD_FAILED);
    }
  }, [userId]);

  return { download, error, dismiss: () => setError(null) };
}
