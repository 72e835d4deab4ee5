import { Group, Text, ThemeIcon } from '@mantine/core';
import { ModuleIcon } from '#features/training/components/module-icon.tsx';

/** Spec 2: a closed padlock that turns into a success mark once the training is complete. */
export function PadlockStatus({ open }: { open: boolean }) {
  return (
    <Group gap={8} wrap="nowrap" role="img" aria-label={open ? 'Candado abierto: formación completada' : 'Candado cerrado: formación pendiente'}>
      <ThemeIcon size={44} radius="xl" variant={open ? 'filled' : 'light'} color={open ? 'teal.8' : 'gray'}>
        <ModuleIcon name={open ? 'unlocked' : 'locked'} size={24} />
      </ThemeIcon>
      <Text size="sm" fw={700} c={open ? 'teal.9' : 'gray.7'} visibleFrom="xs" aria-hidden="true">
        {open ? '¡Completado!' : 'Bloqueado'}
      </Text>
    </Group>
  );
}
