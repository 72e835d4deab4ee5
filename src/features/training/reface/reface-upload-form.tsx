import { Alert, Button, FileButton, Group, List, Progress, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { REFACE_ACCEPT } from '#domain/reface';
import { AlertIcon } from '#components/alert-icon';
import { UPLOAD_NEEDS_CONNECTION, useRefaceUpload } from './use-reface-upload.ts';

interface RefaceUploadFormProps {
  userId: number;
  attributeId: number;
  attributeName: string;
  onUploaded: () => Promise<unknown>;
  onCancel?: () => void;
}

/** Tips, the photo picker and REALIZAR. Uploading needs a connection, and says so. */
export function RefaceUploadForm({ userId, attributeId, attributeName, onUploaded, onCancel }: RefaceUploadFormProps) {
  const { online } = useNetwork();
  const { state, choose, upload } = useRefaceUpload({ userId, attributeId, attributeName, onUploaded });
  const uploading = state.step === 'uploading';
  const idle = state.step === 'idle' ? state : null;

  return (
    <Stack gap="sm">
      <List size="sm" spacing={4} c="dimmed">
        <List.Item>Sube una foto en la que salgas tú solo, sin más personas.</List.Item>
        <List.Item>Mejor tipo carné: de frente, con la cara bien iluminada.</List.Item>
        <List.Item>Formato .jpg o .png, de hasta 10 MB.</List.Item>
      </List>

      <Group gap="sm" wrap="wrap">
        <FileButton onChange={choose} accept={REFACE_ACCEPT} disabled={uploading}>
          {(props) => (
            <Button {...props} variant="light" disabled={uploading}>
              {state.file ? 'Cambiar foto' : 'Elegir foto'}
            </Button>
          )}
        </FileButton>
        {state.file && (
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0, flex: 1 }}>
            {state.file.name}
          </Text>
        )}
      </Group>
      {idle?.problem && (
        <Text size="sm" c="red.8" role="alert">
          {idle.problem}
        </Text>
      )}

      {!online && (
        <Text size="sm" fw={600} c="orange.9" role="status">
          {UPLOAD_NEEDS_CONNECTION}
        </Text>
      )}
      {idle?.alert && (
        <Alert color="red" icon={<AlertIcon />} role="alert">
          {idle.alert}
        </Alert>
      )}
      {uploading && (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">Subiendo tu foto…</Text>
          <Progress value={100} striped animated size="lg" radius="xl" aria-label="Subiendo tu foto" />
        </Stack>
      )}

      <Group gap="sm">
        <Button onClick={() => void upload()} loading={uploading} disabled={!online || !state.file}>
          REALIZAR
        </Button>
        {onCancel && (
          <Button variant="subtle" onClick={onCancel} disabled={uploading}>
            Cancelar
          </Button>
        )}
      </Group>
    </Stack>
  );
}
