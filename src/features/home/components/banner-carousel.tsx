import '@mantine/carousel/styles.css';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Carousel } from '@mantine/carousel';
import { VisuallyHidden } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { Attribute } from '#contract/attributes';
import { attributeArt, attributeTagline } from '#domain/attributes';
import { paths } from '#domain/paths';
import classes from './banner-carousel.module.css';

interface BannerCarouselProps {
  banners: Attribute[];
  /** Called on every banner click; the home screen logs only the first one of a page view. */
  onBannerClick: (slug: string) => void;
}

/** Spec 2: the three attribute banners, one per view, linking to their dashboards. */
export function BannerCarousel({ banners, onBannerClick }: BannerCarouselProps) {
  const reduceMotion = useReducedMotion();
  const [selected, setSelected] = useState(0);
  const current = banners[selected];

  return (
    <section aria-label="Atributos destacados">
      <Carousel
        classNames={classes}
        slideSize="100%"
        slideGap={30}
        withIndicators
        controlSize={44}
        emblaOptions={{ loop: true, align: 'start', duration: reduceMotion ? 0 : 25 }}
        onSlideChange={setSelected}
        previousControlProps={{ 'aria-label': 'Banner anterior' }}
        nextControlProps={{ 'aria-label': 'Banner siguiente' }}
        getIndicatorProps={(index) => ({ 'aria-label': `Ver el banner de ${banners[index]?.nombre ?? index + 1}` })}
      >
        {banners.map((attribute, index) => {
          const art = attributeArt(attribute.slug);
          return (
            <Carousel.Slide key={attribute.id} role="group" aria-roledescription="diapositiva" aria-label={`${index + 1} de ${banners.length}`}>
              <Link
                to={paths.dashboard.getHref(attribute.slug)}
                className={classes.link}
                onClick={() => onBannerClick(attribute.slug)}
                tabIndex={index === selected ? 0 : -1}
              >
                <picture>
                  <source media="(max-width: 47.99em)" srcSet={art.bannerCompact} />
                  <img
                    src={art.banner}
                    className={classes.image}
                    alt={`${attribute.nombre}: ${attributeTagline(attribute.id)} Ver formación`}
                    width={1600}
                    height={600}
                    loading={index === 0 ? 'eager' : 'lazy'}
                  />
                </picture>
              </Link>
            </Carousel.Slide>
          );
        })}
      </Carousel>
      <VisuallyHidden role="status" aria-live="polite">
        {current ? `Banner ${selected + 1} de ${banners.length}: ${current.nombre}` : ''}
      </VisuallyHidden>
    </section>
  );
}
