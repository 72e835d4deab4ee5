import { ComingSoon } from '#components/coming-soon';

/** /premios: brand-2 prize catalogue and redemption (later issue). */
export function CatalogueRoute() {
  return <ComingSoon title="Catálogo de premios" />;
}
