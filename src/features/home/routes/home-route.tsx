import { ComingSoon } from '#components/coming-soon';

/** /home: carousel, attribute avatars, monthly progress (later issue). */
export function HomeRoute() {
  return <ComingSoon title="Conoce el atributo de este mes" />;
}
