import { useState } from 'react';
import { Alert, Button, Card, Group, Loader, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { refaceCardView } from '#domain/reface';
import { AlertIcon } from '#components/alert-icon';
import { OfflineState } from '#components/offline-state';
import { RefacePortrait, useStoredPortrait } from '#components/reface-portrait';
import { FreshnessNote } from '#components/freshness-note';
import { RefaceUploadForm } from './reface-upload-form.tsx';
import { useRefaceStatus } from './use-reface-status.ts';
import classes from './reface.module.css';

/** Spec 4 texts. */
export const PROCESSING_MESSAGE = 'Tu imagen con IA se está realizando, ¡la tendrás en unos minutos!';
export const RETRY_MESSAGE = 'Error al cargar la imagen. Por favor, inténtalo de nuevo.';

interface RefaceCardProps {
  userId: number;
  attributeId: number;
  attributeName: string;
  /** False while the attribute is disabled in the calendar: no reface yet. */
  available: boolean;
}

function RefaceIcon() {
  return (
    <ThemeIcon size={44} radius="xl" variant="light" color="imps" c="imps.8" aria-hidden="true">
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="12" cy="9" r="4" />
        <path d="M5 20c1.5-3.5 4-5 7-5s5.5 1.5 7 5" />
        <path d="M19 2.5v4M17 4.5h4" />
      </svg>
    </ThemeIcon>
  );
}

/**
 * The dashboard's reface card (spec 4): start with tips and REALIZAR; the processing text
 * while the portrait is made (polled every 30 s); the circular portrait with "Repetir Reface";
 * the retry message with REALIZAR after a failure or an error.
 */
export function RefaceCard({ userId, attributeId, attributeName, available }: RefaceCardProps) {
  const status = useRefaceStatus(attributeId, available ? userId : null);
  const portrait = useStoredPortrait(status.data?.image_path ?? null, userId);
  const [repeating, setRepeating] = useState(false);
  const view = !available ? 'unavailable' : status.data ? refaceCardView(status.data.status) : status.isLoading ? null : status.status === 'offline' ? 'offline' : 'failed';
  const afterUpload = async () => {
    setRepeating(false);
    await status.revalidate();
  };
  const form = (onCancel?: () => void) => (
    <RefaceUploadForm userId={userId} attributeId={attributeId} attributeName={attributeName} onUploaded={afterUpload} onCancel={onCancel} />
  );

  return (
    <Card component="section" aria-labelledby="reface">
      <Group wrap="nowrap" gap="sm" mb="md">
        <RefaceIcon />
        <div>
          <Title order={2} size="h5" id="reface">
            Reface
          </Title>
          <Text size="sm" c="dimmed">
            Tu imagen con IA de {attributeName}
          </Text>
        </div>
      </Group>

      {view === 'unavailable' && (
        <Text size="sm" c="dimmed">
          Disponible cuando empiece el mes de {attributeName}.
        </Text>
      )}

      {view === null && <Skeleton height={120} radius="md" role="status" aria-label="Cargando..." />}

      {view === 'start' && (
        <Stack gap="sm">
          <Text size="sm">Sube tu foto y te devolvemos tu retrato de {attributeName}. ¡Suma 10 IMPs!</Text>
          {form()}
        </Stack>
      )}

      {view === 'processing' && (
        <Group wrap="nowrap" gap="md" className={classes.processing} role="status" aria-live="polite">
          <Loader size="sm" aria-hidden="true" />
          <Text fw={600}>{PROCESSING_MESSAGE}</Text>
        </Group>
      )}

      {view === 'completed' && (
        <Stack align="center" gap="md">
          <div className={classes.portrait}>
            <RefacePortrait
              portrait={portrait}
              alt={`Tu imagen con IA de ${attributeName}`}
              size="100%"
              fallback={<Text size="sm" c="red.8" role="alert" ta="center">{RETRY_MESSAGE}</Text>}
            />
          </div>
          {repeating ? (
            <div className={classes.repeat}>{form(() => setRepeating(false))}</div>
          ) : (
            <Button variant="light" onClick={() => setRepeating(true)}>
              Repetir Reface
            </Button>
          )}
        </Stack>
      )}

      {view === 'offline' && (
        <OfflineState inline onRetry={() => void status.revalidate()}>
          Abre el Reface con conexión una vez para verlo sin conexión.
        </OfflineState>
      )}

      {view === 'failed' && (
        <Stack gap="sm">
          <Alert color="red" icon={<AlertIcon />} role="alert">
            {RETRY_MESSAGE}
          </Alert>
          {form()}
        </Stack>
      )}

      <FreshnessNote fetchedAt={status.fetchedAt} isStale={status.isStale} />
    </Card>
  );
}
