import { useCallback, useState } from 'react';
import { fetchImage, type StoredImage } from '#api/refaces';
import { albumFileName } from '#domain/reface';
import { readSnapshot } from '#offline/cache';
import { saveFile } from '#components/save-file';
import { cacheKeys } from '#data/cache-keys';

/** Spec 8: what a failed album download says. */
export const DOWNLOAD_FAILED = 'No se pudo descargar la imagen.';

/**
 * Saves a portrait as `{attribute}.jpg`: from the device copy when there is one (works
 * offline), else fetched with the session's token.
 */
export function useImageDownload(userId: number) {
  const [error, setError] = useState<string | null>(null);

  const download = useCallback(async (path: string, attributeName: string) => {
    setError(null);
    try {
      const stored = await readSnapshot(cacheKeys.reface.image(path), userId).catch(() => undefined);
      const image = (stored?.data as StoredImage | undefined) ?? (await fetchImage(path));
      saveFile(new Blob([image.bytes], { type: image.type }), albumFileName(attributeName));
    } catch {
      setError(DOWNLOAD_FAILED);
    }
  }, [userId]);

  return { download, error, dismiss: () => setError(null) };
}
