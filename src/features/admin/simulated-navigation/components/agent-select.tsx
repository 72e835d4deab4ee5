import { Select } from '@mantine/core';
import type { ListSelectProps } from '#features/admin/simulated-navigation/components/list-select.tsx';

/**
 * The agent dropdown: a site may have hundreds of agents, so it is searchable. Mantine's Select
 * (its popover, focus trap and scroll area, ~30 KB gzip) loads after the screen's first paint;
 * the screen shows the native list meanwhile, and keeps it if this file cannot be fetched.
 */
export function AgentSelect({ label, placeholder, data, value, onChange, disabled }: ListSelectProps) {
  return (
    <Select
      searchable
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      nothingFoundMessage="Sin resultados"
      label={label}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={onChange}
      disabled={disabled}
    />
  );
}
