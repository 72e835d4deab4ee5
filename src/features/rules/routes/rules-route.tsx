import { ComingSoon } from '#components/coming-soon';

/** /reglas-impecables: how points and rankings work (later issue). */
export function RulesRoute() {
  return <ComingSoon title="Reglas servicio +impecable" />;
}
