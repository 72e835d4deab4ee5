import { ComingSoon } from '#components/coming-soon';

/** /ranking/:atributo: global, site and brand rankings (later issue). */
export function RankingRoute() {
  return <ComingSoon title="Ranking" />;
}
