import { useAtomValue } from 'jotai';
import { canDownloadRankings } from '#domain/profiles';
import { sessionAtom } from '#offline/session';
import { RestrictedAccess } from '#components/restricted-access';
import { DownloadsScreen } from '#features/admin/downloads/components/downloads-screen.tsx';

/** /descargar/ranking: INTERNO, PLATAFORMA and admin (#domain/profiles); others see the spec's refusal. */
export default function RankingDownloadsRoute() {
  const user = useAtomValue(sessionAtom).user;
  if (!user) return null;
  if (!canDownloadRankings(user.perfil)) {
    return <RestrictedAccess title="No tienes acceso a esta seccion" text={null} />;
  }
  return <DownloadsScreen userId={user.id} perfil={user.perfil ?? ''} />;
}
