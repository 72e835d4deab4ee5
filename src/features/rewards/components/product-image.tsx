import { useState } from 'react';
import classes from './product-image.module.css';

interface ProductImageProps {
  src: string;
  /** Decorative by default: the prize's name is always written next to it. */
  alt?: string;
  /**
   * In the first screenful (the catalogue's first row): fetched at once and first, as the
   * page's largest paint, rather than lazily once layout has placed it.
   */
  eager?: boolean;
}

/** A prize image, or a gift placeholder when it is missing or does not load (spec 3: "placeholder if invalid"). */
export function ProductImage({ src, alt = '', eager = false }: ProductImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src.trim() || failedSrc === src) {
    return (
      <div className={classes.placeholder} role={alt ? 'img' : undefined} aria-label={alt || undefined} data-testid="product-image-placeholder">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <rect x="3" y="8" width="18" height="13" rx="2" />
          <path d="M3 12h18M12 8v13" />
          <path d="M12 8c-1.5-3-5-4-5.5-1.5S9.5 8 12 8c2.5 0 6-0.5 5.5-1.5S13.5 5 12 8z" />
        </svg>
      </div>
    );
  }
  return (
    <img
      className={classes.image}
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
