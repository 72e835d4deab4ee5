import { Link } from 'react-router-dom';
import { Badge, Text } from '@mantine/core';
import type { Attribute } from '#contract/attributes';
import { paths } from '#domain/paths';
import { AttributeLogo } from '#components/attribute-logo';
import classes from './attribute-tile.module.css';

interface AttributeTileProps {
  attribute: Attribute;
  isNew: boolean;
}

/** One /atributos tile: a link to the dashboard, or a dimmed, inert tile while disabled. */
export function AttributeTile({ attribute, isNew }: AttributeTileProps) {
  const body = (
    <>
      <AttributeLogo slug={attribute.slug} url={attribute.logo_url} alt="" size={96} />
      <Text component="span" className={classes.name}>
        {attribute.nombre}
      </Text>
      {isNew && (
        <Badge color="imps.4" c="imps.9" radius="sm">
          NEW
        </Badge>
      )}
      {!attribute.enabled && (
        <Badge color="gray" variant="light" radius="sm" tt="none">
          Próximamente
        </Badge>
      )}
    </>
  );

  if (!attribute.enabled) {
    return (
      <div className={classes.tile} aria-disabled="true">
        {body}
      </div>
    );
  }
  return (
    <Link to={paths.dashboard.getHref(attribute.slug)} className={classes.tile}>
      {body}
    </Link>
  );
}
