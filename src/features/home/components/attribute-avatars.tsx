import { ActionIcon, Card, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { Attribute } from '#contract/attributes';
import { inDisplayOrder, isNewAttribute } from '#domain/training';
import { AttributeAvatar } from '#features/home/components/attribute-avatar.tsx';
import { useScrollEdges } from '#components/use-scroll-edges';
import classes from './attribute-avatars.module.css';

interface AttributeAvatarsProps {
  calendar: Attribute[];
  now: Date;
}

function Arrow({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={direction === 'left' ? 'm15 6-6 6 6 6' : 'm9 6 6 6-6 6'} />
    </svg>
  );
}

/**
 * Spec 2: "Conoce a" the seven attributes; the running month's one carries NEW. On phones the
 * row scrolls sideways: a fading edge and an arrow show there is more. The arrows are for the
 * mouse (hidden from assistive tech and the tab order): keyboard users tab along the links,
 * which scrolls the row, and touch users swipe.
 */
export function AttributeAvatars({ calendar, now }: AttributeAvatarsProps) {
  const { ref, edges } = useScrollEdges<HTMLUListElement>();
  const reduceMotion = useReducedMotion();
  const scroll = (direction: 1 | -1) => {
    const el = ref.current;
    if (el) el.scrollBy({ left: direction * el.clientWidth * 0.75, behavior: reduceMotion ? 'auto' : 'smooth' });
  };

  return (
    <Card component="section" aria-labelledby="conoce-a">
      <Title order={2} size="h4" id="conoce-a" mb="sm">
        Conoce a
      </Title>
      <div className={classes.frame} data-before={edges.before || undefined} data-after={edges.after || undefined}>
        <ul ref={ref} className={classes.row} role="list">
          {inDisplayOrder(calendar).map((attribute) => (
            <li key={attribute.id} className={classes.cell}>
              <AttributeAvatar attribute={attribute} isNew={isNewAttribute(calendar, attribute.id, now)} />
            </li>
          ))}
        </ul>
        {edges.before && (
          <ActionIcon className={classes.arrow} data-side="before" variant="default" radius="xl" size={36} tabIndex={-1} aria-hidden="true" onClick={() => scroll(-1)}>
            <Arrow direction="left" />
          </ActionIcon>
        )}
        {edges.after && (
          <ActionIcon className={classes.arrow} data-side="after" variant="default" radius="xl" size={36} tabIndex={-1} aria-hidden="true" onClick={() => scroll(1)}>
            <Arrow direction="right" />
          </ActionIcon>
        )}
      </div>
    </Card>
  );
}
