import { Navigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { canImportUsers } from '#domain/profiles';
import { paths } from '#domain/paths';
import { sessionAtom } from '#offline/session';
import { useCachedAppConfig } from '#data/shared-reads';
import { QueryFallback } from '#components/offline-state';
import { PageLoader } from '#components/page-loader';
import { ImportScreen } from '#features/admin/import/components/import-screen.tsx';

/** /importar-usuarios: only e-mails of the corporate domain; everyone else goes to /home (spec 2). */
export default function ImportUsersRoute() {
  const session = useAtomValue(sessionAtom);
  const user = session.user;
  // The domain is server configuration: read through the device cache like every screen.
  const config = useCachedAppConfig(user?.id ?? null);
  if (!user) return null;
  if (config.data === undefined) {
    if (config.isLoading) return <PageLoader label="Cargando..." />;
    return <QueryFallback query={config} offline="La importación de usuarios necesita conexión." errorTitle="No se pudo comprobar el acceso" />;
  }
  if (session.originalUser || !canImportUsers(user, config.data.corporateDomain)) return <Navigate to={paths.home.getHref()} replace />;
  return <ImportScreen />;
}
