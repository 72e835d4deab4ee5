import { useAtomValue } from 'jotai';
import { Card, Text } from '@mantine/core';
import { canDownloadRankings } from '#domain/access';
import { sessionAtom } from '#offline/session';
import { DownloadsScreen } from '#features/admin/downloads/components/downloads-screen.tsx';

/** /descargar/ranking: INTERNO, PLATAFORMA and admin (#domain/access); others see the spec's refusal. */
export function RankingDownloadsRoute() {
  const user = useAtomValue(sessionAtom).user;
  if (!user) return null;
  if (!canDownloadRankings(user.perfil)) {
    return (
      <Card maw={520} mx="auto">
        <Text fw={600} ta="center" py="lg">
          No tienes acceso a esta seccion
        </Text>
      </Card>
    );
  }
  return <DownloadsScreen userId={user.id} perfil={user.perfil ?? ''} />;
}
