import { useState } from 'react';
import type { DownloadFilter } from '#contract/ranking';
import { downloadRanking, DOWNLOAD_FAILED, RankingDownloadError, type DownloadType } from '#features/admin/downloads/commands.ts';

/** One download at a time: which one runs (the screen disables everything meanwhile) and the last error. */
export function useRankingDownload() {
  const [running, setRunning] = useState<DownloadType | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = (type: DownloadType, attributeId: number | null = null, filter?: DownloadFilter) => {
    if (running) return;
    setRunning(type);
    setError(null);
    downloadRanking(type, attributeId, filter)
      .catch((failure: unknown) => setError(failure instanceof RankingDownloadError ? failure.message : DOWNLOAD_FAILED))
      .finally(() => setRunning(null));
  };

  return { running, error, clearError: () => setError(null), start };
}
