import { useState } from 'react';
import { Carousel } from '@mantine/carousel';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { CarouselStatus, type CarouselEmbla } from '#components/carousel-status';
import type { AlbumSlide as Slide } from '../album-slides.ts';
import { AlbumSlide } from './album-slide.tsx';
import classes from './album.module.css';

interface AlbumCarouselProps {
  slides: Slide[];
  userId: number;
  onDownload: (path: string, attributeName: string) => void;
}

/**
 * Spec 2 and 9: 2 slides per view, 5 from 900 px of viewport width, gap 24, previous/next.
 * 900 px is not a theme breakpoint, so the width is read with a media query.
 */
export function AlbumCarousel({ slides, userId, onDownload }: AlbumCarouselProps) {
  const wide = useMediaQuery('(min-width: 900px)', false, { getInitialValueInEffect: false });
  const reduceMotion = useReducedMotion();
  const [embla, setEmbla] = useState<CarouselEmbla | null>(null);
  return (
    <>
      <Carousel
        slideSize={wide ? '20%' : '50%'}
        slideGap={24}
        controlSize={40}
        classNames={{ root: classes.carousel, controls: classes.controls }}
        emblaOptions={{ align: 'start', slidesToScroll: 1, containScroll: 'trimSnaps', duration: reduceMotion ? 0 : 25 }}
        getEmblaApi={setEmbla}
        previousControlProps={{ 'aria-label': 'Atributo anterior' }}
        nextControlProps={{ 'aria-label': 'Atributo siguiente' }}
        aria-label="Álbum de fotos por atributo"
        aria-roledescription="carrusel"
      >
        {slides.map((slide, index) => (
          <Carousel.Slide key={slide.id} role="group" aria-roledescription="diapositiva" aria-label={`${index + 1} de ${slides.length}: ${slide.name}`}>
            <AlbumSlide slide={slide} userId={userId} onDownload={onDownload} />
          </Carousel.Slide>
        ))}
      </Carousel>
      <CarouselStatus embla={embla} />
    </>
  );
}
