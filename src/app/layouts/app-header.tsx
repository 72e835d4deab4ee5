import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Logo } from '#components/logo';
import { canjearAction, showsBalance } from '#domain/profiles';
import { sessionAtom } from '#offline/session';
import { paths } from '#app/paths.ts';
import { BalanceBox } from '#app/layouts/balance-box.tsx';
import { MainMenu } from '#app/layouts/main-menu.tsx';
import { RedeemButton } from '#app/layouts/redeem-button.tsx';
import { SyncStatus } from '#app/layouts/sync-status.tsx';
import { NotificationBell } from '#features/notifications/components/notification-bell.tsx';
import classes from './header.module.css';

/**
 * Spec 2 "Header": logo, greeting, balance, Canjear and the menu. Phones stack it in two rows.
 * Below, the sync strip (offline, pending and refused actions) when there is something to say.
 */
export function AppHeader() {
  const user = useAtomValue(sessionAtom).user;
  if (!user) return null;
  const withBalance = showsBalance(user);
  const withActions = withBalance || canjearAction(user) !== 'none';
  return (
    <header className={classes.header}>
      <div className={classes.inner} data-compact={withActions ? undefined : true}>
        <Link to={paths.root.getHref()} className={classes.logo} aria-label="+impecable, ir al inicio">
          <Logo size={34} inverted wordmarkVisibleFrom="xs" />
        </Link>
        <div className={classes.greeting}>Hola, {user.nick_name || user.name}</div>
        {withActions && (
          <div className={classes.actions}>
            {withBalance && <BalanceBox user={user} />}
            <RedeemButton user={user} />
          </div>
        )}
        <div className={classes.menu}>
          <NotificationBell user={user} />
          <MainMenu user={user} />
        </div>
      </div>
      <SyncStatus userId={user.id} />
    </header>
  );
}
