import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { PRODUCT_VALUES_MAX, VALUE_RINGS_MAX } from '#domain/programme-catalogue';

/** A value option as the form edits it: `orders` > 0 means it cannot be removed. */
export interface ValueDraft {
  key: string;
  id?: number | undefined;
  valor_rings: number | string;
  valor_chequemotiva: string;
  orders: number;
}

interface ValueListInputProps {
  values: ValueDraft[];
  cardCodes: boolean;
  disabled: boolean;
  onChange: (values: ValueDraft[]) => void;
}

let drafts = 0;
export const newValueDraft = (): ValueDraft => ({ key: `nuevo-${++drafts}`, valor_rings: '', valor_chequemotiva: '', orders: 0 });

/** The product's 1 to 6 value options: price in IMPs and the provider's face value. */
export function ValueListInput({ values, cardCodes, disabled, onChange }: ValueListInputProps) {
  const set = (key: string, change: Partial<ValueDraft>) => onChange(values.map((v) => (v.key === key ? { ...v, ...change } : v)));
  return (
    <Stack gap="xs" role="group" aria-label="Valores del premio">
      <Text fw={500} size="sm">
        Valores ({values.length} de {PRODUCT_VALUES_MAX})
      </Text>
      <Text size="xs" c="dimmed">
        Cambiar un precio solo afecta a los pedidos futuros. Un valor con pedidos no se puede quitar.
      </Text>
      {values.map((v, index) => (
        <Group key={v.key} gap="xs" align="flex-end" wrap="nowrap">
          <NumberInput
            label={`Precio ${index + 1} (IMPs)`}
            value={v.valor_rings}
            onChange={(value) => set(v.key, { valor_rings: value })}
            min={1}
            max={VALUE_RINGS_MAX}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator="."
            decimalSeparator=","
            disabled={disabled}
            style={{ flex: 1 }}
          />
          <TextInput
            label={`Valor ${index + 1} del proveedor`}
            placeholder={cardCodes ? '25.00' : 'Opcional'}
            value={v.valor_chequemotiva}
            onChange={(event) => set(v.key, { valor_chequemotiva: event.currentTarget.value })}
            disabled={disabled}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={2}
            disabled={disabled || v.orders > 0 || values.length <= 1}
            onClick={() => onChange(values.filter((x) => x.key !== v.key))}
            aria-label={v.orders > 0 ? `El valor ${index + 1} tiene pedidos: no se puede quitar` : `Quitar el valor ${index + 1}`}
            title={v.orders > 0 ? 'Tiene pedidos: no se puede quitar' : 'Quitar'}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {values.length < PRODUCT_VALUES_MAX && (
        <Button size="xs" variant="light" onClick={() => onChange([...values, newValueDraft()])} disabled={disabled} style={{ alignSelf: 'flex-start' }}>
          Añadir valor
        </Button>
      )}
    </Stack>
  );
}
