import { ComingSoon } from '#components/coming-soon';

/** /mis-ingresos: points movements (later issue). */
export function HistoryRoute() {
  return <ComingSoon title="Historial de IMPs" />;
}
