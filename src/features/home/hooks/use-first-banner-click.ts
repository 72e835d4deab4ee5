import { useCallback, useRef } from 'react';
import { logHomeBannerClick } from '#features/home/commands.ts';

/** Spec 2: only the first banner click of a page view is logged; later clicks just navigate. */
export function useFirstBannerClick(userId: number): (slug: string) => void {
  const logged = useRef(false);
  return useCallback(
    (slug: string) => {
      if (logged.current) return;
      logged.current = true;
      void logHomeBannerClick(userId, slug);
    },
    [userId],
  );
}
