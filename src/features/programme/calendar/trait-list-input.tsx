import { ActionIcon, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { TRAIT_ITEM_MAX, TRAIT_LIST_MAX_ITEMS } from '#domain/programme-calendar';

interface TraitListInputProps {
  label: string;
  description: string;
  items: string[];
  onChange: (items: string[]) => void;
  readOnly: boolean;
  error?: string | undefined;
}

/** A list of lines (personality, language): one input per line, add and remove. */
export function TraitListInput({ label, description, items, onChange, readOnly, error }: TraitListInputProps) {
  const set = (index: number, value: string) => onChange(items.map((item, i) => (i === index ? value : item)));
  return (
    <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={500} size="sm">
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {description} Hasta {TRAIT_LIST_MAX_ITEMS} líneas de {TRAIT_ITEM_MAX} caracteres.
      </Text>
      {items.map((item, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <Textarea
            style={{ flex: 1 }}
            autosize
            minRows={1}
            value={item}
            onChange={(event) => set(index, event.currentTarget.value)}
            maxLength={TRAIT_ITEM_MAX}
            readOnly={readOnly}
            aria-label={`${label}, línea ${index + 1}`}
          />
          {!readOnly && (
            <ActionIcon variant="subtle" color="red" size={36} onClick={() => onChange(items.filter((_, i) => i !== index))} aria-label={`Quitar la línea ${index + 1} de ${label}`}>
              <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                <path d="M18 6 6 18M6 6l12 12" />
              </svg>
            </ActionIcon>
          )}
        </Group>
      ))}
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          Sin líneas.
        </Text>
      )}
      {!readOnly && (
        <Button variant="subtle" size="xs" w="fit-content" disabled={items.length >= TRAIT_LIST_MAX_ITEMS} onClick={() => onChange([...items, ''])}>
          Añadir línea
        </Button>
      )}
      {error && (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
