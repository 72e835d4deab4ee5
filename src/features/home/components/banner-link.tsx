import { Link } from 'react-router-dom';
import type { Attribute } from '#contract/attributes';
import { attributeArtOf, bannerAlt } from '#domain/attributes';
import { paths } from '#domain/paths';
import classes from './banner-carousel.module.css';

interface BannerLinkProps {
  attribute: Attribute;
  /** The first banner loads at once (it is the page's largest paint); the others lazily. */
  first: boolean;
  /** Only the banner in view is in the tab order. */
  inView: boolean;
  onClick: (slug: string) => void;
}

/** One attribute banner: its art, linking to the attribute's dashboard. */
export function BannerLink({ attribute, first, inView, onClick }: BannerLinkProps) {
  const art = attributeArtOf(attribute);
  return (
    <Link to={paths.dashboard.getHref(attribute.slug)} className={classes.link} onClick={() => onClick(attribute.slug)} tabIndex={inView ? 0 : -1}>
      <picture>
        <source media="(max-width: 47.99em)" srcSet={art.bannerCompact} width={800} height={600} />
        <img
          src={art.banner}
          className={classes.image}
          alt={`${bannerAlt(attribute)} Ver formación`}
          width={1600}
          height={600}
          loading={first ? 'eager' : 'lazy'}
        />
      </picture>
    </Link>
  );
}
