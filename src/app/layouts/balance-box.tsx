import { Skeleton } from '@mantine/core';
import type { SessionUser } from '#contract/session';
import { balanceUnit, headerBalance } from '#domain/navigation';
import { formatNumber } from '#domain/format';
import { useBalance } from '#data/shared-reads';
import { useReportDataAge } from '#components/screen-data-age';
import { useShellHint } from '#offline/shell-hint';
import classes from './header.module.css';

/**
 * "Saldo": the IMPs balance (brand 1: IMPs+Rings), read from the device's snapshot so it
 * shows offline, refreshed from the API behind. How old an unconfirmed figure is, the sync line says.
 */
export function BalanceBox({ user }: { user: SessionUser }) {
  const { data, isLoading, isStale, fetchedAt } = useBalance(user.id);
  const unit = balanceUnit(user);
  const amount = data ? formatNumber(headerBalance(user, data)) : null;
  useReportDataAge(fetchedAt, isStale);
  useShellHint(user, amount, unit);

  return (
    <div className={classes.balance} role="group" aria-label="Saldo">
      <span className={classes.balanceLabel}>Saldo</span>
      <span className={classes.balanceFigure}>
        {amount !== null ? (
          <span className={classes.balanceValue}>
            {amount} <span className={classes.balanceUnit}>{unit}</span>
          </span>
        ) : isLoading ? (
          <Skeleton height={18} width={72} my={1} aria-label="Cargando..." />
        ) : (
          <span className={classes.balanceValue} title="No disponible sin conexión">
            — <span className={classes.balanceUnit}>{unit}</span>
          </span>
        )}
      </span>
    </div>
  );
}
