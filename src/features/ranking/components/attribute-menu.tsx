import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Skeleton, Text, UnstyledButton } from '@mantine/core';
import type { Attribute } from '#contract/attributes';
import { AttributeLogo } from '#components/attribute-logo';
import { useScrollEdges } from '#components/use-scroll-edges';
import { isMonthClosed } from '#domain/calendar';
import { inDisplayOrder } from '#domain/training';
import { paths } from '#domain/paths';
import classes from './ranking.module.css';

interface AttributeMenuProps {
  calendar: readonly Attribute[];
  currentId: number;
  /** The current query (view, staff's site or brand), kept by the links. */
  query: string;
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
 * On a phone the menu is a strip wider than the screen: which ends hide more items, for the
 * fades that say so (with the scrollbar). The current item starts in view,
 * centred once the browser has laid the strip out (a ResizeObserver's first call comes after
 * layout and before paint; reading it in the effect would force that layout inside the
 * screen's first commit).
 */
function useStripEdges(currentId: number) {
  const { ref: viewport, edges } = useScrollEdges<HTMLDivElement>();
  useEffect(() => {
    const el = viewport.current;
    if (!el) return undefined;
    const observer = new ResizeObserver(() => {
      observer.disconnect();
      const current = el.querySelector<HTMLElement>('[aria-current="page"]');
      if (current && el.scrollWidth > el.clientWidth) el.scrollLeft = current.offsetLeft - (el.clientWidth - current.offsetWidth) / 2;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [currentId, viewport]);
  return { viewport, edges };
}

/**
 * The attribute side menu (spec 2): every attribute's logo, linked only when the calendar
 * enables it, greyed otherwise, with "CERRADO" on those whose month has ended.
 */
export function AttributeMenu({ calendar, currentId, query }: AttributeMenuProps) {
  const now = new Date();
  const { viewport, edges } = useStripEdges(currentId);
  return (
    <nav aria-label="Atributos del ranking" className={classes.menuNav}>
      {/* The browser's own scrolling, as the home's avatar row: a thin scrollbar in the brand colour. */}
      <div ref={viewport} className={classes.menuStrip} data-more-before={edges.before || undefined} data-more-after={edges.after || undefined}>
        <div className={classes.menu}>
          {inDisplayOrder(calendar).map((entry) => {
            const closed = isMonthClosed(entry, now);
            const content = (
              <>
                <AttributeLogo slug={entry.slug} url={entry.logo_url} alt="" size={44} />
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
                to={`${paths.ranking.getHref(entry.slug)}${query ? `?${query}` : ''}`}
                className={classes.menuItem}
                data-active={entry.id === currentId || undefined}
                aria-current={entry.id === currentId ? 'page' : undefined}
              >
                {content}
              </UnstyledButton>
            );
          })}
        </div>
      </div>
    </nav>
  );
}
