import { Link } from 'react-router-dom';
import { Badge, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { Attribute } from '#contract/attributes';
import { AttributeLogo } from '#components/attribute-logo';
import { isMonthClosed } from '#domain/calendar';
import { inDisplayOrder } from '#domain/training';
import { paths } from '#domain/paths';
import type { ViewChoice } from '#features/ranking/hooks/use-ranking-view.ts';
import classes from './ranking.module.css';

interface AttributeMenuProps {
  calendar: readonly Attribute[];
  currentId: number;
  choice: ViewChoice;
}

/** The menu's shape while the calendar loads, so the content beside or below does not jump. */
export function AttributeMenuPlaceholder() {
  return (
    <div className={classes.menu} aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className={classes.menuPlaceholder} radius="md" />
      ))}
    </div>
  );
}

/**
 * The attribute side menu (spec 2): every attribute's logo, linked only when the calendar
 * enables it, greyed otherwise, with "CERRADO" on those whose month has ended.
 */
export function AttributeMenu({ calendar, currentId, choice }: AttributeMenuProps) {
  const now = new Date();
  return (
    <nav aria-label="Atributos del ranking" className={classes.menu}>
      {inDisplayOrder(calendar).map((entry) => {
        const closed = isMonthClosed(entry, now);
        const content = (
          <>
            <AttributeLogo slug={entry.slug} alt="" size={44} />
            <Text size="sm" fw={600} className={classes.menuName}>
              {entry.nombre}
            </Text>
            {closed && (
              <Badge size="xs" color="dark" variant="filled" className={classes.closed}>
                CERRADO
              </Badge>
            )}
          </>
        );
        if (!entry.enabled) {
          return (
            <div key={entry.id} className={classes.menuItem} data-disabled aria-disabled="true" title="Próximamente">
              {content}
            </div>
          );
        }
        return (
          <UnstyledButton
            key={entry.id}
            component={Link}
            to={`${paths.ranking.getHref(entry.slug)}?vista=${choice}`}
            className={classes.menuItem}
            data-active={entry.id === currentId || undefined}
            aria-current={entry.id === currentId ? 'page' : undefined}
          >
            {content}
          </UnstyledButton>
        );
      })}
    </nav>
  );
}
