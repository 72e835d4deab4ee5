import type { SessionUser } from '#contract/session';
import { balanceUnit, headerBalance } from '#domain/navigation';
import { formatNumber } from '#domain/format';
import { useBalance } from '#data/shared-reads';
import { useReportDataAge } from '#components/screen-data-age';
import { useShellHint } from '#offline/shell-hint';
import { BalanceAmount, BalanceBone, BalanceLook } from '#app/layouts/header-layout.tsx';

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
    <BalanceLook>
      {amount !== null ? (
        <BalanceAmount amount={amount} unit={unit} />
      ) : isLoading ? (
        <BalanceBone />
      ) : (
        <BalanceAmount amount="—" unit={unit} title="No disponible sin conexión" />
      )}
    </BalanceLook>
  );
}
