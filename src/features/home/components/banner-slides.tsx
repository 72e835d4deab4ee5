import { Carousel } from '@mantine/carousel';
import { useReducedMotion } from '@mantine/hooks';
import type { Attribute } from '#contract/attributes';
import { BannerLink } from '#features/home/components/banner-link.tsx';
import classes from './banner-carousel.module.css';

export interface BannerSlidesProps {
  banners: Attribute[];
  selected: number;
  onSlideChange: (index: number) => void;
  onBannerClick: (slug: string) => void;
}

/** The banners as a Mantine Carousel (embla): one per view, arrows and dots underneath. */
export function BannerSlides({ banners, selected, onSlideChange, onBannerClick }: BannerSlidesProps) {
  const reduceMotion = useReducedMotion();
  return (
    <Carousel
      classNames={classes}
      slideSize="100%"
      slideGap={30}
      withIndicators
      controlSize={44}
      emblaOptions={{ loop: true, align: 'start', duration: reduceMotion ? 0 : 25 }}
      onSlideChange={onSlideChange}
      previousControlProps={{ 'aria-label': 'Banner anterior' }}
      nextControlProps={{ 'aria-label': 'Banner siguiente' }}
      getIndicatorProps={(index) => ({ 'aria-label': `Ver el banner de ${banners[index]?.nombre ?? index + 1}` })}
    >
      {banners.map((attribute, index) => (
        <Carousel.Slide key={attribute.id} role="group" aria-roledescription="diapositiva" aria-label={`${index + 1} de ${banners.length}`}>
          <BannerLink attribute={attribute} first={index === 0} inView={index === selected} onClick={onBannerClick} />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
