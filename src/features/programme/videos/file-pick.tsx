import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { MB } from '#contract/programme-videos-constants';

const sizeLabel = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

interface FilePickProps {
  label: string;
  accept: string;
  maxBytes: number;
  /** What the server expects, for the hint under the label. */
  hint: string;
  picked: File | null;
  disabled: boolean;
  onPick: (file: File | null) => void;
  onError: (message: string) => void;
}

/** A labelled file picker that refuses a file over its limit before anything is sent. */
export function FilePick({ label, accept, maxBytes, hint, picked, disabled, onPick, onError }: FilePickProps) {
  const pick = (file: File | null) => {
    if (file && file.size > maxBytes) return onError(`${file.name} es demasiado grande (máximo ${maxBytes / MB} MB)`);
    onPick(file);
  };
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <FileButton onChange={pick} accept={accept} disabled={disabled}>
          {(props) => (
            <Button {...props} size="xs" variant="light" disabled={disabled} aria-label={`${picked ? 'Cambiar' : 'Elegir'}: ${label}`}>
              {picked ? 'Cambiar' : 'Elegir archivo'}
            </Button>
          )}
        </FileButton>
        {picked && (
          <Button size="xs" variant="subtle" color="gray" onClick={() => onPick(null)} disabled={disabled} aria-label={`Descartar: ${label}`}>
            Descartar
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {picked ? `${picked.name} (${sizeLabel(picked.size)})` : hint}
      </Text>
    </Stack>
  );
}
