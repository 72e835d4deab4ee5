// The arithmetic of a video download: how many bytes it needs, whether the device has room,
// the aggregated progress of several files, and bytes in the product's Spanish.
// Pure (no I/O): video-downloads.ts feeds it sizes, estimates and byte counts.
// Never says "enough space" when the estimate is known to be short; unknown is not short.

/** Assumed size of a video whose server did not say (no Content-Length). */
export const FALLBACK_VIDEO_BYTES = 30 * 1024 * 1024;
/** Room left free beyond the download, so the app's own data can still be written. */
export const SPACE_MARGIN_BYTES = 20 * 1024 * 1024;

/** Bytes a set of files needs: each known size, or the fallback for an unknown one. */
export function estimateNeededBytes(sizes: readonly (number | null)[]): number {
  return sizes.reduce<number>((sum, size) => sum + (size !== null && size >= 0 ? size : FALLBACK_VIDEO_BYTES), 0);
}

export interface StorageFigures {
  quota?: number | undefined;
  usage?: number | undefined;
}

export type SpaceCheck = { ok: true; availableBytes: number | null } | { ok: false; neededBytes: number; availableBytes: number };

/**
 * Whether `neededBytes` fit in what the browser grants this origin, keeping a margin of 10 %
 * or SPACE_MARGIN_BYTES, whichever is larger. Without an estimate (old Safari) it says yes:
 * a full disk then shows up as a quota error while storing.
 */
export function checkSpace(estimate: StorageFigures | null | undefined, neededBytes: number): SpaceCheck {
  if (!estimate || typeof estimate.quota !== 'number') return { ok: true, availableBytes: null };
  const availableBytes = Math.max(0, estimate.quota - (estimate.usage ?? 0));
  const required = neededBytes + Math.max(SPACE_MARGIN_BYTES, Math.ceil(neededBytes * 0.1));
  return availableBytes >= required ? { ok: true, availableBytes } : { ok: false, neededBytes, availableBytes };
}

export interface DownloadProgress {
  loadedBytes: number;
  totalBytes: number;
  doneFiles: number;
  totalFiles: number;
  /** 0…1, for a progress bar. */
  fraction: number;
}

export interface ProgressTracker {
  /** File `index` has received `loadedBytes` so far. */
  update(index: number, loadedBytes: number): DownloadProgress;
  /** File `index` is stored; `actualBytes` replaces its expected size in the total. */
  finish(index: number, actualBytes: number): DownloadProgress;
  snapshot(): DownloadProgress;
}

/** Aggregates per-file byte counts into one progress figure. `sizes[i]` null = unknown. */
export function createProgressTracker(sizes: readonly (number | null)[]): ProgressTracker {
  const expected = sizes.map((size) => (size !== null && size >= 0 ? size : FALLBACK_VIDEO_BYTES));
  const loaded = sizes.map(() => 0);
  const done = sizes.map(() => false);

  const snapshot = (): DownloadProgress => {
    // A file may turn out bigger than announced: never let loaded exceed the total.
    const totalBytes = expected.reduce((sum, size, i) => sum + Math.max(size, loaded[i] ?? 0), 0);
    const loadedBytes = loaded.reduce((sum, bytes) => sum + bytes, 0);
    const doneFiles = done.filter(Boolean).length;
    const totalFiles = sizes.length;
    const fraction = totalFiles === 0 ? 1 : doneFiles === totalFiles ? 1 : totalBytes === 0 ? 0 : Math.min(1, loadedBytes / totalBytes);
    return { loadedBytes, totalBytes, doneFiles, totalFiles, fraction };
  };

  return {
    update(index, loadedBytes) {
      if (index >= 0 && index < loaded.length && !done[index]) loaded[index] = Math.max(0, loadedBytes);
      return snapshot();
    },
    finish(index, actualBytes) {
      if (index >= 0 && index < loaded.length) {
        expected[index] = actualBytes;
        loaded[index] = actualBytes;
        done[index] = true;
      }
      return snapshot();
    },
    snapshot,
  };
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** "0 B", "512 KB", "12,5 MB", "1,2 GB" (decimal comma, one decimal under 100). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const text = new Intl.NumberFormat('es-ES', { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(value);
  return `${text} ${UNITS[unit]}`;
}
