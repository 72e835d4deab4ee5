import { ComingSoon } from '#components/coming-soon';

/** /listado-usuarios: redemption summary with export (later issue). */
export function OrderSummaryRoute() {
  return <ComingSoon title="Resumen de pedidos" />;
}
