import { ComingSoon } from '#components/coming-soon';

/** /descargar/ranking: ranking spreadsheets (later issue). */
export function RankingDownloadsRoute() {
  return <ComingSoon title="Descargas de Ranking" />;
}
