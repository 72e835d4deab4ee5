import { NativeSelect } from '@mantine/core';

export interface ListSelectProps {
  label: string;
  /** The spec's "Selecciona ..." text: the list's first, empty option while nothing is chosen. */
  placeholder: string;
  data: readonly (string | { value: string; label: string })[];
  value: string | null;
  onChange: (value: string | null) => void;
  disabled: boolean;
}

/** A dropdown of the cascade as the browser's own select: a phone shows its native picker. */
export function ListSelect({ label, placeholder, data, value, onChange, disabled }: ListSelectProps) {
  return (
    <NativeSelect
      label={label}
      data={[{ value: '', label: placeholder, disabled: true }, ...data]}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      disabled={disabled}
    />
  );
}
