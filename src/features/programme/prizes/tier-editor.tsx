import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { PrizeTier, PrizesResponse } from '#contract/programme-prizes';
import { putPrizeTier } from '#api/programme-prizes';
import { isMonthKey, monthLabel, PRIZE_MAX, prizeAmountsProblems } from '#domain/programme-prizes';

interface TierEditorProps {
  /** The row to change; null for a new one. */
  tier: PrizeTier | null;
  online: boolean;
  onClose: () => void;
  onSaved: (view: PrizesResponse, message: string) => void;
}

type Amount = number | string;
const FIELDS = [
  ['tier1', '1.er premio de sede'],
  ['tier2', '2.º premio de sede'],
  ['tier3', '3.er premio de sede'],
  ['brand', 'Premio de marca (1.º)'],
] as const;

const num = (value: Amount) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));

/** Add a row of prizes from a month on, or change one no frozen month has used. */
export function TierEditor({ tier, online, onClose, onSaved }: TierEditorProps) {
  const [month, setMonth] = useState(tier?.applies_from ?? '');
  const [amounts, setAmounts] = useState<Record<(typeof FIELDS)[number][0], Amount>>({
    tier1: tier?.tier1 ?? '', tier2: tier?.tier2 ?? '', tier3: tier?.tier3 ?? '', brand: tier?.brand ?? '',
  });
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const body = { tier1: num(amounts.tier1), tier2: num(amounts.tier2), tier3: num(amounts.tier3), brand: num(amounts.brand) };
    const found = [...(isMonthKey(month) ? [] : ['Elige el mes desde el que se aplican']), ...prizeAmountsProblems(body)];
    setProblems(found);
    if (found.length > 0) return;
    setSaving(true);
    try {
      onSaved(await putPrizeTier(month, body), `Premios desde ${monthLabel(month)} guardados`);
    } catch (error) {
      setProblems([error instanceof Error ? error.message : 'No se pudieron guardar los premios']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={tier ? `Premios desde ${monthLabel(tier.applies_from)}` : 'Nueva fila de premios'} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack gap="md">
        {!online && <Alert color="yellow" role="status">Necesitas conexión para cambiar los premios.</Alert>}
        <TextInput
          type="month"
          label="Desde el mes"
          description="Se aplica a ese mes y a los siguientes, hasta la siguiente fila"
          value={month}
          onChange={(e) => setMonth(e.currentTarget.value)}
          disabled={tier !== null || saving}
          required
        />
        <SimpleGrid cols={2} spacing="sm">
          {FIELDS.map(([key, label]) => (
            <NumberInput
              key={key}
              label={label}
              suffix=" IMPs"
              min={0}
              max={PRIZE_MAX}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator="."
              decimalSeparator=","
              value={amounts[key]}
              onChange={(value) => setAmounts((a) => ({ ...a, [key]: value }))}
              disabled={saving}
              required
            />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          El 1.er premio de sede no puede ser menor que el 2.º, ni el 2.º que el 3.º. Un importe de 0 no paga ese premio.
        </Text>
        {problems.length > 0 && (
          <Alert color="red" role="alert" title="No se ha guardado">
            {problems.map((p) => <div key={p}>{p}</div>)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>Cancelar</Button>
          <Button onClick={() => void save()} loading={saving} disabled={!online}>Guardar</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
