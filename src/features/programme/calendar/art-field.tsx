import { useState } from 'react';
import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { ART_ACCEPT, ART_MAX_BYTES, type ArtKind } from '#contract/programme-calendar-constants';
import type { ProgrammeAttribute } from '#contract/programme-calendar';
import { resetAttributeArt, uploadAttributeArt } from '#api/programme-calendar';
import { attributeArtOf } from '#domain/attributes';

interface ArtFieldProps {
  attribute: ProgrammeAttribute;
  kind: ArtKind;
  disabled: boolean;
  onChanged: (attribute: ProgrammeAttribute, message: string) => void;
  onError: (message: string) => void;
}

const LABELS: Record<ArtKind, string> = { logo: 'Logo', banner: 'Banner' };
const TOO_LARGE = `La imagen es demasiado grande (máximo ${ART_MAX_BYTES / 1024 / 1024} MB)`;

/** The attribute's logo or banner: its preview, an upload (sent at once) and the way back to the built-in art. */
export function ArtField({ attribute, kind, disabled, onChanged, onError }: ArtFieldProps) {
  const [busy, setBusy] = useState(false);
  const art = attributeArtOf(attribute);
  const own = kind === 'logo' ? attribute.logo_url : attribute.banner_url;
  const run = async (action: () => Promise<ProgrammeAttribute>, message: string) => {
    setBusy(true);
    try {
      onChanged(await action(), message);
    } catch (error) {
      onError(error instanceof Error ? error.message : 'No se pudo cambiar la imagen');
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File | null) => {
    if (!file) return;
    if (file.size > ART_MAX_BYTES) return onError(TOO_LARGE);
    void run(() => uploadAttributeArt(attribute.id, kind, file), `${LABELS[kind]} de ${attribute.nombre} actualizado`);
  };
  return (
    <Stack gap={6}>
      <Text fw={500} size="sm">
        {LABELS[kind]}
      </Text>
      <Image
        src={kind === 'logo' ? art.avatar : art.banner}
        alt={`${LABELS[kind]} actual de ${attribute.nombre}`}
        w={kind === 'logo' ? 96 : '100%'}
        h={kind === 'logo' ? 96 : undefined}
        fit="contain"
        radius="sm"
        style={{ aspectRatio: kind === 'logo' ? '1' : '16 / 6', background: 'var(--mantine-color-gray-1)' }}
      />
      <Text size="xs" c="dimmed">
        {own ? 'Imagen subida.' : 'Imagen original del programa.'} PNG, JPEG, WebP o SVG de hasta {ART_MAX_BYTES / 1024 / 1024} MB.
      </Text>
      {!disabled && (
        <Group gap="xs">
          <FileButton onChange={upload} accept={ART_ACCEPT}>
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={busy} aria-label={`Subir ${LABELS[kind].toLowerCase()} de ${attribute.nombre}`}>
                Subir {LABELS[kind].toLowerCase()}
              </Button>
            )}
          </FileButton>
          {own && (
            <Button size="xs" variant="subtle" color="gray" disabled={busy} onClick={() => void run(() => resetAttributeArt(attribute.id, kind), `${attribute.nombre} vuelve a su ${LABELS[kind].toLowerCase()} original`)}>
              Volver a la original
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
