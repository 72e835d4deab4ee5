import { useEffect, useState } from 'react';
import type { CarouselProps } from '@mantine/carousel';
import { VisuallyHidden } from '@mantine/core';

export type CarouselEmbla = Parameters<NonNullable<CarouselProps['getEmblaApi']>>[0];

/**
 * The polite "Diapositiva 2 de 3" of a Mantine Carousel, given its embla API (getEmblaApi).
 * Mantine's own live region says "Slide 2 of 3" with no prop to translate it, so global.css
 * hides it and this one speaks instead. The count is of scroll positions, as Mantine's was.
 */
export function CarouselStatus({ embla }: { embla: CarouselEmbla | null }) {
  const [position, setPosition] = useState({ selected: 0, count: 0 });

  useEffect(() => {
    if (!embla) return;
    const update = () => setPosition({ selected: embla.selectedScrollSnap(), count: embla.scrollSnapList().length });
    update();
    embla.on('select', update);
    embla.on('reInit', update);
    return () => {
      embla.off('select', update);
      embla.off('reInit', update);
    };
  }, [embla]);

  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
      {position.count > 0 ? `Diapositiva ${position.selected + 1} de ${position.count}` : ''}
    </VisuallyHidden>
  );
}
