import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { canjearAction, showsBalance } from '#domain/profiles';
import { sessionAtom } from '#offline/session';
import { paths } from '#app/paths.ts';
import { BalanceBox } from '#app/layouts/balance-box.tsx';
import { HeaderLayout } from '#app/layouts/header-layout.tsx';
import { MainMenu } from '#app/layouts/main-menu.tsx';
import { RedeemButton } from '#app/layouts/redeem-button.tsx';
import { SyncStatus } from '#app/layouts/sync-status.tsx';
import { NotificationBell } from '#features/notifications/components/notification-bell.tsx';

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
    <HeaderLayout
      home={(className, logo) => (
        <Link to={paths.root.getHref()} className={className} aria-label="+impecable, ir al inicio">
          {logo}
        </Link>
      )}
      greeting={`Hola, ${user.nick_name || user.name}`}
      actions={
        withActions && (
          <>
            {withBalance && <BalanceBox user={user} />}
            <RedeemButton user={user} />
          </>
        )
      }
      menu={
        <>
          <NotificationBell user={user} />
          <MainMenu user={user} />
        </>
      }
    >
      <SyncStatus userId={user.id} />
    </HeaderLayout>
  );
}
