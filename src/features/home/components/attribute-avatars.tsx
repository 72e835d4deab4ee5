import { Card, Title } from '@mantine/core';
import type { Attribute } from '#contract/attributes';
import { inDisplayOrder, isNewAttribute } from '#domain/training';
import { AttributeAvatar } from '#features/home/components/attribute-avatar.tsx';
import classes from './attribute-avatars.module.css';

interface AttributeAvatarsProps {
  calendar: Attribute[];
  now: Date;
}

/** Spec 2: "Conoce a" the seven attributes; the running month's one carries NEW. */
export function AttributeAvatars({ calendar, now }: AttributeAvatarsProps) {
  return (
    <Card component="section" aria-labelledby="conoce-a">
      <Title order={2} size="h4" id="conoce-a" mb="sm">
        Conoce a
      </Title>
      <ul className={classes.row} role="list">
        {inDisplayOrder(calendar).map((attribute) => (
          <li key={attribute.id} className={classes.cell}>
            <AttributeAvatar attribute={attribute} isNew={isNewAttribute(calendar, attribute.id, now)} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
