import { ComingSoon } from '#components/coming-soon';

/** /mis-ordenes: the user's redeemed prizes (later issue). */
export function OrdersRoute() {
  return <ComingSoon title="Mis Premios" />;
}
