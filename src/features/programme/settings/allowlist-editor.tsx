import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { MAINTENANCE_ALLOWLIST_MAX } from '#contract/programme-settings-constants';
import type { AllowlistProblem } from '#domain/programme-settings';

interface AllowlistEditorProps {
  lines: string[];
  onChange: (lines: string[]) => void;
  /** Problems by line (#domain/programme-settings checkAllowlist), shown under each. */
  problems: AllowlistProblem[];
  disabled: boolean;
}

/** The allow-list as editable lines, one address each, up to MAINTENANCE_ALLOWLIST_MAX. */
export function AllowlistEditor({ lines, onChange, problems, disabled }: AllowlistEditorProps) {
  const full = lines.length >= MAINTENANCE_ALLOWLIST_MAX;
  const listProblem = problems.find((p) => p.line === null);
  const set = (index: number, value: string) => onChange(lines.map((line, i) => (i === index ? value : line)));

  return (
    <Stack gap="xs" maw={560}>
      {lines.length === 0 && (
        <Text size="sm" c="dimmed">
          La lista está vacía: con el mantenimiento activo nadie podría usar la app.
        </Text>
      )}
      {lines.map((line, index) => (
        // Lines have no identity but their place: an edit keeps the focus on its input.
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            style={{ flex: 1, minWidth: 0 }}
            aria-label={`IP ${index + 1}`}
            placeholder="203.0.113.7 o 2001:db8::1"
            value={line}
            onChange={(event) => set(index, event.currentTarget.value)}
            error={problems.find((p) => p.line === index + 1)?.message}
            disabled={disabled}
            autoComplete="off"
            spellCheck={false}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mt={2}
            aria-label={`Quitar la IP ${index + 1}`}
            onClick={() => onChange(lines.filter((_, i) => i !== index))}
            disabled={disabled}
          >
            <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </ActionIcon>
        </Group>
      ))}
      {listProblem && (
        <Text size="sm" c="red" role="alert">
          {listProblem.message}
        </Text>
      )}
      <Group gap="xs">
        <Button variant="default" size="sm" onClick={() => onChange([...lines, ''])} disabled={disabled || full}>
          Añadir IP
        </Button>
        <Text size="xs" c="dimmed">
          {lines.length} de {MAINTENANCE_ALLOWLIST_MAX}
        </Text>
      </Group>
    </Stack>
  );
}
