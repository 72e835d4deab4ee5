import { Card, NativeSelect, SimpleGrid } from '@mantine/core';
import type { CoachingFilter, CoachingOptions } from '#contract/coaching';
import { dateTimeFormat } from '#domain/date-format';
import type { ScopeChoice, ScopeLevel } from '#features/coaching/scope.ts';

interface ScopeBarProps {
  options: CoachingOptions;
  atributo: number;
  onAttribute: (id: number) => void;
  choices: readonly ScopeChoice[];
  filter: CoachingFilter;
  onScope: (level: ScopeLevel, id: number | undefined) => void;
}


/** "Resolutivo · nov 2026 (actual)": the attribute and its month, short enough for a phone. */
function attributeLabel(attribute: CoachingOptions['atributos'][number], current: boolean): string {
  const month = dateTimeFormat('es-ES', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${attribute.month_start.slice(0, 10)}T12:00:00Z`)).replace('.', '');
  return `${attribute.nombre} · ${month}${current ? ' (actual)' : ''}`;
}

/**
 * The attribute and the narrowing the caller has. Native selects: labelled, keyboard and
 * screen-reader friendly everywhere, a phone's own picker, and no popover code on the route.
 */
export function ScopeBar({ options, atributo, onAttribute, choices, filter, onScope }: ScopeBarProps) {
  return (
    <Card padding="md" component="form" aria-label="Qué ver" onSubmit={(event) => event.preventDefault()}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 1 + choices.length }} spacing="sm">
        <NativeSelect
          label="Atributo"
          value={String(atributo)}
          onChange={(event) => onAttribute(Number(event.currentTarget.value))}
          data={options.atributos.map((a) => ({ value: String(a.id), label: attributeLabel(a, a.id === options.actual) }))}
        />
        {choices.map((choice) => (
          <NativeSelect
            key={choice.level}
            label={choice.label}
            value={String(filter[choice.level] ?? '')}
            onChange={(event) => onScope(choice.level, event.currentTarget.value ? Number(event.currentTarget.value) : undefined)}
            data={[{ value: '', label: choice.all }, ...choice.items.map((item) => ({ value: String(item.id), label: item.nombre }))]}
          />
        ))}
      </SimpleGrid>
    </Card>
  );
}
