import { Box } from '@mantine/core';
import type { Video } from '#contract/training';
import { OfflineVideosCard } from '#components/offline-videos-card';

export interface OfflineVideosSlotProps {
  attributeId: number;
  /** The module's videos, presentation first, as the screen shows them. */
  videos: Video[];
}

/** "Descargar para ver sin conexión": only the videos already available can be stored. */
export function OfflineVideosSlot({ videos }: OfflineVideosSlotProps) {
  const available = videos.filter((video) => video.is_hable);
  if (available.length === 0) return null;
  // Apart from the module's list above it: the card is a section of its own, not another row.
  return (
    <Box mt="lg">
      <OfflineVideosCard videos={available} />
    </Box>
  );
}
