import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import type { PointsMovement } from '#contract/points';
import { historyByMonth, monthsShown } from '#domain/imps-history';
import { MonthSection } from './month-section.tsx';

/**
 * The movements by month, newest first, a page of whole months at a time: "Ver meses anteriores"
 * shows the next page from the same snapshot (so offline too) and moves focus to its first month.
 */
export function HistoryMonths({ movements }: { movements: PointsMovement[] }) {
  const months = useMemo(() => historyByMonth(movements), [movements]);
  const [pages, setPages] = useState(1);
  const shown = monthsShown(months, pages);
  const firstNew = useRef<HTMLHeadingElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  useEffect(() => {
    if (focusFrom === null) return;
    // Centred rather than scrolled in at the bottom edge, where it would show the name alone:
    // the middle of the screen shows the month's totals too, and never hides under the sticky header.
    firstNew.current?.focus({ preventScroll: true });
    firstNew.current?.scrollIntoView({ block: 'center' });
  }, [focusFrom]);
  return (
    <Stack gap="xl">
      {months.slice(0, shown).map((month, index) => (
        <MonthSection key={month.month ?? 'sin-fecha'} month={month} headingRef={index === focusFrom ? firstNew : undefined} />
      ))}
      {shown < months.length && (
        <Button variant="light" size="md" onClick={() => { setFocusFrom(shown); setPages((p) => p + 1); }}>
          Ver meses anteriores
        </Button>
      )}
    </Stack>
  );
}
