import { Alert, Card, CloseButton, Group, Stack, Text, Title } from '@mantine/core';
import { AlertIcon } from '#components/alert-icon';
import { FreshnessNote } from '#components/freshness-note';
import { QueryFallback } from '#components/offline-state';
import { PageLoader } from '#components/page-loader';
import { RouteTitleText } from '#components/route-title';
import { albumSlides } from '../album-slides.ts';
import { useImageDownload } from '../hooks/use-image-download.ts';
import { useCalendar } from '#data/shared-reads';
import { useAlbum } from '../queries.ts';
import { AlbumCarousel } from './album-carousel.tsx';

/** /album-imagenes ("Álbum de fotos"): the user's reface portraits, one per attribute. */
export function AlbumScreen({ userId }: { userId: number }) {
  const album = useAlbum(userId);
  const calendar = useCalendar(userId);
  const { download, error, dismiss } = useImageDownload(userId);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          <RouteTitleText />
        </Title>
        <Text c="dimmed" mt={4}>
          Tus imágenes con IA de cada atributo. Descárgalas cuando quieras.
        </Text>
        <FreshnessNote fetchedAt={album.fetchedAt} isStale={album.isStale} />
      </div>
      {error && (
        <Alert color="red" icon={<AlertIcon />} role="alert">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <span>{error}</span>
            <CloseButton aria-label="Cerrar aviso" onClick={dismiss} size="sm" />
          </Group>
        </Alert>
      )}
      {album.status === 'offline' || album.status === 'error' ? (
        <QueryFallback query={album} offline="Abre el álbum con conexión una vez para verlo sin conexión." errorTitle="No se pudo cargar el álbum" />
      ) : (
        <Card>
          {album.data ? (
            <AlbumCarousel slides={albumSlides(album.data, calendar.data)} userId={userId} onDownload={(path, name) => void download(path, name)} />
          ) : (
            <PageLoader label="Cargando álbum..." />
          )}
        </Card>
      )}
    </Stack>
  );
}
