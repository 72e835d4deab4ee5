import { Text } from '@mantine/core';
import { AttributeLogo } from '#components/attribute-logo';
import { RefacePortrait, useStoredPortrait } from '#components/reface-portrait';
import type { AlbumSlide as Slide } from '../album-slides.ts';
import classes from './album.module.css';

interface AlbumSlideProps {
  slide: Slide;
  userId: number;
  onDownload: (path: string, attributeName: string) => void;
}

function LockIcon() {
  return (
    <svg width="40%" height="40%" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

function DownloadIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 4v11" />
      <path d="m7 10 5 5 5-5" />
      <path d="M5 20h14" />
    </svg>
  );
}

function Placeholder({ slide }: { slide: Slide }) {
  return (
    <div className={classes.placeholder} role="img" aria-label={`${slide.name}: todavía sin imagen`}>
      <AttributeLogo slug={slide.slug} url={slide.logoUrl} alt="" size={56} />
    </div>
  );
}

function Portrait({ slide, path, userId, onDownload }: AlbumSlideProps & { path: string }) {
  const portrait = useStoredPortrait(path, userId);
  return (
    <div className={classes.framed}>
      <RefacePortrait portrait={portrait} alt={`Tu imagen con IA de ${slide.name}`} size="100%" fallback={<Placeholder slide={slide} />} />
      <button type="button" className={classes.overlay} onClick={() => onDownload(path, slide.name)} aria-label={`Descargar imagen de ${slide.name}`}>
        <span className={classes.overlayBadge}>
          <DownloadIcon />
        </span>
        <span className={classes.overlayText}>Descargar</span>
      </button>
    </div>
  );
}

/** One attribute of the album (spec 2): locked, placeholder with its icon, or the portrait to download. */
export function AlbumSlide({ slide, userId, onDownload }: AlbumSlideProps) {
  let circle;
  if (!slide.enabled) {
    circle = (
      <div className={classes.locked} role="img" aria-label={`${slide.name}: próximamente`}>
        <LockIcon />
      </div>
    );
  } else if (slide.image === null) {
    circle = <Placeholder slide={slide} />;
  } else {
    circle = <Portrait slide={slide} path={slide.image} userId={userId} onDownload={onDownload} />;
  }
  return (
    <figure className={classes.slide} data-disabled={!slide.enabled || undefined}>
      <div className={classes.circle}>{circle}</div>
      <Text component="figcaption" fw={600} ta="center" size="sm" mt="xs">
        {slide.name}
      </Text>
    </figure>
  );
}
