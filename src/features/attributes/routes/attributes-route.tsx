import { ComingSoon } from '#components/coming-soon';

/** /atributos: the seven attribute tiles (later issue). */
export function AttributesRoute() {
  return <ComingSoon title="Navega por los atributos disponibles" />;
}
