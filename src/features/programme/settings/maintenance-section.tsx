import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { saveMaintenance } from '#api/programme-settings';
import type { MaintenanceResponse } from '#contract/programme-settings';
import { MAINTENANCE_ALLOWLIST_MAX } from '#contract/programme-settings-constants';
import { checkAllowlist, normalizeIp } from '#domain/programme-settings';
import { sessionAtom } from '#offline/session';
import { AlertIcon } from '#components/alert-icon';
import { LoadError } from '#components/load-error';
import { AllowlistEditor } from './allowlist-editor.tsx';
import { MaintenanceConfirm } from './maintenance-confirm.tsx';
import { useMaintenance } from './queries.ts';

/** Programa › Mantenimiento: the switch every instance obeys, and the IPs it lets in. */
export function MaintenanceSection() {
  const userId = useAtomValue(sessionAtom).user?.id ?? 0;
  const query = useMaintenance(userId);
  if (query.data) return <MaintenanceForm saved={query.data} onSaved={query.revalidate} />;
  if (query.error) return <LoadError title={`No se pudo cargar el mantenimiento. ${query.error}`} onRetry={() => void query.revalidate()} />;
  return <Loader aria-label="Cargando el mantenimiento" />;
}

function MaintenanceForm({ saved, onSaved }: { saved: MaintenanceResponse; onSaved: () => Promise<void> }) {
  const { online } = useNetwork();
  const [draft, setDraft] = useState<string[] | null>(null);
  const [next, setNext] = useState<0 | 1 | null>(null);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const lines = draft ?? saved.allowlist;
  const checked = checkAllowlist(lines);
  const listed = checked.ok ? checked.allowlist : lines.map((line) => normalizeIp(line));
  const yourIpListed = listed.includes(saved.yourIp);
  const dirty = draft !== null && JSON.stringify(checked.ok ? checked.allowlist : lines) !== JSON.stringify(saved.allowlist);
  const on = saved.state === 1;

  async function save(state: 0 | 1) {
    if (!checked.ok) return;
    setSaving(true);
    setResult(null);
    try {
      await saveMaintenance({ state, allowlist: checked.allowlist });
      await onSaved();
      setDraft(null);
      setNext(null);
      setResult({ ok: true, text: state === saved.state ? 'Lista guardada.' : state === 1 ? 'Mantenimiento activado.' : 'Mantenimiento desactivado.' });
    } catch (error) {
      setNext(null);
      setResult({ ok: false, text: error instanceof Error ? error.message : 'No se pudo guardar' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="lg">
      {!online && (
        <Alert color="yellow" icon={<AlertIcon />}>
          Necesitas conexión para cambiar el mantenimiento.
        </Alert>
      )}
      {saved.forcedOff && (
        <Alert color="orange" icon={<AlertIcon />} title="Mantenimiento anulado en este servidor">
          El servidor se inició con MAINTENANCE_FORCE_OFF: no aplica el mantenimiento hasta que se quite esa variable y se reinicie.
        </Alert>
      )}
      {result && (
        <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'} withCloseButton onClose={() => setResult(null)}>
          {result.text}
        </Alert>
      )}
      <Card>
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h4">
              Modo mantenimiento
            </Title>
            <Badge color={on ? 'red' : 'green'} variant="light" style={{ flexShrink: 0 }}>
              {on ? 'Activo' : 'Desactivado'}
            </Badge>
          </Group>
          <Switch
            checked={on}
            onChange={() => setNext(on ? 0 : 1)}
            disabled={!online || saving || !checked.ok}
            label={on ? 'Solo las IP de la lista pueden usar la app' : 'La app está disponible para todos'}
            description="Se aplica en todos los servidores al momento."
            size="md"
          />
          {on && (
            <Alert color="orange" icon={<AlertIcon />}>
              El mantenimiento está activo: los agentes ven «Estamos en mantenimiento».
            </Alert>
          )}
        </Stack>
      </Card>
      <Card>
        <Stack gap="sm">
          <Title order={2} size="h4">
            IP permitidas durante el mantenimiento
          </Title>
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              Tu IP: <Text span ff="monospace" fw={600}>{saved.yourIp}</Text>
            </Text>
            <Button size="xs" variant="light" onClick={() => setDraft([...lines.filter((l) => l.trim() !== ''), saved.yourIp])} disabled={!online || yourIpListed || lines.filter((l) => l.trim() !== '').length >= MAINTENANCE_ALLOWLIST_MAX}>
              {yourIpListed ? 'Tu IP ya está en la lista' : 'Añadir mi IP'}
            </Button>
          </Group>
          <AllowlistEditor lines={lines} onChange={setDraft} problems={checked.ok ? [] : checked.problems} disabled={!online || saving} />
          <Group justify="flex-end" gap="xs">
            {dirty && (
              <Button variant="default" onClick={() => setDraft(null)} disabled={saving}>
                Descartar cambios
              </Button>
            )}
            <Button onClick={() => void save(saved.state)} loading={saving && next === null} disabled={!online || !dirty || !checked.ok}>
              Guardar lista
            </Button>
          </Group>
        </Stack>
      </Card>
      <MaintenanceConfirm next={next} yourIp={saved.yourIp} yourIpListed={yourIpListed} saving={saving} onConfirm={() => next !== null && void save(next)} onCancel={() => setNext(null)} />
    </Stack>
  );
}
