import { Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ViewChoice } from '#features/ranking/hooks/use-ranking-view.ts';

interface ViewSwitchProps {
  choice: ViewChoice;
  onChange: (choice: ViewChoice) => void;
  /** Staff's site or brand select, beside the switches. */
  children?: ReactNode;
}

/** Spec 2: Global / Atributo, and inside Atributo, Sede / Marca (sede by default). */
export function ViewSwitch({ choice, onChange, children }: ViewSwitchProps) {
  const byAttribute = choice !== 'global';
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Stack gap={4}>
        <Text size="sm" fw={600} id="ranking-tipo">
          Ranking
        </Text>
        <SegmentedControl
          aria-labelledby="ranking-tipo"
          value={byAttribute ? 'atributo' : 'global'}
          onChange={(value) => onChange(value === 'global' ? 'global' : 'sede')}
          data={[
            { value: 'global', label: 'Global' },
            { value: 'atributo', label: 'Atributo' },
          ]}
        />
      </Stack>
      {byAttribute && (
        <Stack gap={4}>
          <Text size="sm" fw={600} id="ranking-ambito">
            Ámbito
          </Text>
          <SegmentedControl
            aria-labelledby="ranking-ambito"
            value={choice}
            onChange={(value) => onChange(value === 'marca' ? 'marca' : 'sede')}
            data={[
              { value: 'sede', label: 'Sede' },
              { value: 'marca', label: 'Marca' },
            ]}
          />
        </Stack>
      )}
      {children}
    </Group>
  );
}
