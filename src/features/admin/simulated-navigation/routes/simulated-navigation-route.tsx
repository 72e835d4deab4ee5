import { ComingSoon } from '#components/coming-soon';

/** /navegacion-simulada: supervisors navigate as an agent (later issue). */
export function SimulatedNavigationRoute() {
  return <ComingSoon title="Navegación Simulada" />;
}
