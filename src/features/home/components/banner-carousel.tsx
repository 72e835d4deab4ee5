import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { VisuallyHidden } from '@mantine/core';
import type { Attribute } from '#contract/attributes';
import { BannerLink } from '#features/home/components/banner-link.tsx';
import type { BannerSlidesProps } from '#features/home/components/banner-slides.tsx';
import classes from './banner-carousel.module.css';

interface BannerCarouselProps {
  banners: Attribute[];
  /** Called on every banner click; the home screen logs only the first one of a page view. */
  onBannerClick: (slug: string) => void;
}

/**
 * Spec 2: the three attribute banners, one per view, linking to their dashboards. The first
 * banner paints at once in the carousel's own boxes (it is the page's largest paint); the
 * carousel (embla, ~10 KB) loads after the first paint and takes over in the same place.
 */
export function BannerCarousel({ banners, onBannerClick }: BannerCarouselProps) {
  const [selected, setSelected] = useState(0);
  const [Slides, setSlides] = useState<ComponentType<BannerSlidesProps> | null>(null);
  const current = banners[selected];

  useEffect(() => {
    let live = true;
    import('#features/home/components/banner-slides.tsx').then(
      (m) => live && startTransition(() => setSlides(() => m.BannerSlides)),
      // Offline before the file was cached: the first banner stays, still a working link.
      (error: unknown) => console.warn('Could not load the banner carousel', error),
    );
    return () => {
      live = false;
    };
  }, []);

  const first = banners[0];
  return (
    <section aria-label="Atributos destacados">
      {Slides ? (
        <Slides banners={banners} selected={selected} onSlideChange={setSelected} onBannerClick={onBannerClick} />
      ) : (
        first && (
          <div className={classes.root} style={{ position: 'relative' }}>
            <div className={classes.viewport} style={{ overflow: 'hidden' }}>
              <BannerLink attribute={first} first inView onClick={onBannerClick} />
            </div>
          </div>
        )
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {current ? `Banner ${selected + 1} de ${banners.length}: ${current.nombre}` : ''}
      </VisuallyHidden>
    </section>
  );
}
