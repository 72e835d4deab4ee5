import { useAtomValue } from 'jotai';
import { canSeeOrderSummary } from '#domain/profiles';
import { sessionAtom } from '#offline/session';
import { RestrictedAccess } from '#components/restricted-access';
import { OrderSummaryScreen } from '#features/admin/order-summary/components/order-summary-screen.tsx';

/** /listado-usuarios ("Resumen de pedidos"): LATAM (who may use nothing else) and admin. */
export default function OrderSummaryRoute() {
  const user = useAtomValue(sessionAtom).user;
  if (!user) return null;
  if (!canSeeOrderSummary(user.perfil)) return <RestrictedAccess />;
  return <OrderSummaryScreen userId={user.id} />;
}
