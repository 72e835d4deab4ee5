import { Link } from 'react-router-dom';
import { Badge, Text, VisuallyHidden } from '@mantine/core';
import type { Attribute } from '#contract/attributes';
import { paths } from '#domain/paths';
import { AttributeLogo } from '#components/attribute-logo';
import classes from './attribute-avatar.module.css';

interface AttributeAvatarProps {
  attribute: Attribute;
  isNew: boolean;
}

/** One "Conoce a" avatar: a link to the dashboard, or a dimmed, inert tile while disabled. */
export function AttributeAvatar({ attribute, isNew }: AttributeAvatarProps) {
  // The name comes first in the DOM (CSS puts it under the logo) so the text read in order,
  // "Accesible NEW", is the one the link's name contains (WCAG 2.5.3, label in name). The space
  // keeps them two words for voice control and axe ("AccesibleNEW" is no word of the name);
  // a flex box draws no blank text, so the tile looks the same.
  const face = (
    <>
      <Text component="span" className={classes.name}>
        {attribute.nombre}
      </Text>{' '}
      <span className={classes.ring} data-new={isNew || undefined}>
        <AttributeLogo slug={attribute.slug} url={attribute.logo_url} alt="" size={68} />
        {isNew && (
          <Badge className={classes.badge} color="imps.4" c="imps.9" size="sm" radius="sm">
            NEW
          </Badge>
        )}
      </span>
    </>
  );

  if (!attribute.enabled) {
    return (
      <div className={classes.item} aria-disabled="true" title="Próximamente">
        {face}
        <VisuallyHidden>Próximamente</VisuallyHidden>
      </div>
    );
  }
  return (
    <Link
      to={paths.dashboard.getHref(attribute.slug)}
      className={classes.item}
      aria-label={isNew ? `Conoce a ${attribute.nombre}, NEW (nuevo)` : `Conoce a ${attribute.nombre}`}
    >
      {face}
    </Link>
  );
}
