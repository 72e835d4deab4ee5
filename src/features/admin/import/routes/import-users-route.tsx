import { ComingSoon } from '#components/coming-soon';

/** /importar-usuarios: user import from a spreadsheet (later issue). */
export function ImportUsersRoute() {
  return <ComingSoon title="Importar usuarios" />;
}
