import type { Ref } from 'react';
import { Group, Text, Title } from '@mantine/core';
import { formatNumber } from '#domain/format';
import type { HistoryMonth } from '#domain/imps-history';
import { MovementCard } from './movement-card.tsx';
import classes from './history.module.css';

// A typographic minus, as the movement cards show it: the ASCII hyphen is too thin to read. The
// unit smaller, after a plain space: in a third of a 360 px phone a six-figure total puts it below.
function Signed({ value }: { value: number }) {
  return (
    <>
      {value < 0 ? '\u2212' : value > 0 ? '+' : ''}
      {formatNumber(Math.abs(value))} <span className={classes.unit}>IMPs</span>
    </>
  );
}

interface MonthSectionProps {
  month: HistoryMonth;
  /** The heading, focused when the month has just been loaded with "Ver meses anteriores". */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** One month of the IMPs history: its name, what it added, took away and its net, then its movements. */
export function MonthSection({ month, headingRef }: MonthSectionProps) {
  const id = `mes-${month.month ?? 'sin-fecha'}`;
  const count = month.movements.length;
  return (
    <section aria-labelledby={id} className={classes.month}>
      <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
        <Title order={2} size="h4" id={id} ref={headingRef} tabIndex={-1} className={classes.monthTitle}>
          {month.title}
        </Title>
        <Text size="sm" c="dimmed">
          {formatNumber(count)} {count === 1 ? 'movimiento' : 'movimientos'}
        </Text>
      </Group>
      <dl className={classes.totals}>
        <div className={classes.total}>
          <dt>Sumados</dt>
          <dd data-tone={month.earned > 0 ? 'credit' : undefined}><Signed value={month.earned} /></dd>
        </div>
        <div className={classes.total}>
          <dt>Restados</dt>
          <dd data-tone={month.spent > 0 ? 'debit' : undefined}><Signed value={-month.spent} /></dd>
        </div>
        <div className={classes.total} data-net>
          <dt>Neto</dt>
          <dd data-tone={month.net < 0 ? 'debit' : month.net > 0 ? 'credit' : undefined}><Signed value={month.net} /></dd>
        </div>
      </dl>
      <ul className={classes.list} aria-label={`Movimientos de IMPs de ${month.title.toLowerCase()}`}>
        {month.movements.map((movement) => (
          <MovementCard key={movement.id} movement={movement} />
        ))}
      </ul>
    </section>
  );
}
