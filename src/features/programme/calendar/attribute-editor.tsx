import { notify } from '#components/notify';
import { useState } from 'react';
import { Alert, Button, ColorInput, Divider, Drawer, Group, NumberInput, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { AttributeUpdateBody, ProgrammeAttribute } from '#contract/programme-calendar';
import { updateAttribute } from '#api/programme-calendar';
import { calendarDay } from '#domain/calendar';
import {
  ATTRIBUTE_NAME_MAX, DEFINITION_MAX, FROZEN_MESSAGE, normalizeSettings, settingsProblems, SYNC_GRACE_MAX_HOURS, TAGLINE_MAX,
} from '#domain/programme-calendar';
import { AlertIcon } from '#components/alert-icon';
import { ArtField } from './art-field.tsx';
import { StateBadges } from './state-badge.tsx';
import { TraitListInput } from './trait-list-input.tsx';

interface AttributeEditorProps {
  attribute: ProgrammeAttribute;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
}

const SWATCHES = ['#ffab1f', '#20c997', '#5c7cfa', '#b15bd0', '#ff8a3d', '#339af0', '#f06595', '#1c7ed6'];

function formOf(a: ProgrammeAttribute): AttributeUpdateBody {
  return {
    nombre: a.nombre, enabled: a.enabled, month_start: a.month_start, month_end: a.month_end, quiz2_opens_at: a.quiz2_opens_at,
    sync_grace_hours: a.sync_grace_hours, color: a.color, tagline: a.tagline, definition: a.definition, personality: a.personality, language: a.language,
  };
}

const notifyDone = (message: string) => notify({ color: 'green', message });

/** One attribute's dates, switch, grace, texts and art; read-only with the reason once its month is frozen. */
export function AttributeEditor({ attribute, online, onClose, onSaved }: AttributeEditorProps) {
  const [current, setCurrent] = useState(attribute);
  const [form, setForm] = useState<AttributeUpdateBody>(() => formOf(attribute));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [artError, setArtError] = useState<string | null>(null);
  const frozen = current.congelado;
  const started = current.iniciado;
  const today = calendarDay(new Date());
  const quiz2Opened = started && current.quiz2_opens_at !== null && current.quiz2_opens_at <= today;
  const set = <K extends keyof AttributeUpdateBody>(key: K, value: AttributeUpdateBody[K]) => setForm((f) => ({ ...f, [key]: value }));
  const day = (value: string) => (value === '' ? null : value);

  const save = async () => {
    const settings = normalizeSettings({ ...form, quiz2_opens_at: form.quiz2_opens_at ?? null });
    const problems = settingsProblems(settings);
    setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
    setFailure(problems[0] ? `Revisa los campos marcados: ${problems[0].message}.` : null);
    if (problems.length > 0) return;
    setSaving(true);
    try {
      const saved = await updateAttribute(current.id, form);
      setCurrent(saved);
      setForm(formOf(saved));
      onSaved();
      void notifyDone(`${saved.nombre}: cambios guardados`);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'No se pudieron guardar los cambios');
    } finally {
      setSaving(false);
    }
  };

  const artChanged = (next: ProgrammeAttribute, message: string) => {
    setCurrent(next);
    setArtError(null);
    onSaved();
    void notifyDone(message);
  };

  return (
    <Drawer opened onClose={onClose} position="right" size="lg" title={`${frozen ? '' : 'Editar '}${current.nombre}`} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack gap="md">
        <StateBadges attribute={current} />
        {frozen && (
          <Alert color="gray" icon={<AlertIcon />} role="status">
            {FROZEN_MESSAGE(current.nombre)}.
          </Alert>
        )}
        {!frozen && started && (
          <Alert color="blue" role="status">
            El mes ya empezó: puedes cambiar los textos y las imágenes, y ampliar el cierre o el margen de sincronización. El inicio, el Quiz 2 ya abierto y la activación no cambian, porque cambiarían rankings y puntos ya ganados.
          </Alert>
        )}
        {!online && !frozen && (
          <Alert color="yellow" role="status">
            Necesitas conexión para guardar cambios.
          </Alert>
        )}
        <Divider label="Mes" labelPosition="left" />
        <Switch
          label="Activo (visible para los agentes en sus fechas)"
          checked={form.enabled}
          onChange={(event) => set('enabled', event.currentTarget.checked)}
          disabled={frozen || started}
          error={errors.enabled}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput type="date" label="Inicio" value={form.month_start ?? ''} onChange={(e) => set('month_start', day(e.currentTarget.value))} disabled={frozen || started} error={errors.month_start} />
          <TextInput
            type="date"
            label="Quiz 2"
            value={form.quiz2_opens_at ?? ''}
            onChange={(e) => set('quiz2_opens_at', day(e.currentTarget.value))}
            disabled={frozen || quiz2Opened}
            error={errors.quiz2_opens_at}
          />
          <TextInput type="date" label="Cierre" value={form.month_end ?? ''} onChange={(e) => set('month_end', day(e.currentTarget.value))} disabled={frozen} error={errors.month_end} />
        </SimpleGrid>
        {!frozen && (
          <Text size="xs" c="dimmed" mt={-8}>
            Sin fecha de Quiz 2, se abre el día 15 del mes. Los meses activos no pueden coincidir.
          </Text>
        )}
        <NumberInput
          label="Margen de sincronización (horas)"
          description="Tras el cierre, cuánto tiempo cuentan para el ranking los puntos ganados sin conexión dentro del mes."
          value={form.sync_grace_hours}
          onChange={(value) => set('sync_grace_hours', typeof value === 'number' ? value : Number(value) || 0)}
          min={0}
          max={SYNC_GRACE_MAX_HOURS}
          allowDecimal={false}
          disabled={frozen}
          error={errors.sync_grace_hours}
        />

        <Divider label="Contenido" labelPosition="left" />
        <TextInput label="Nombre" value={form.nombre} onChange={(e) => set('nombre', e.currentTarget.value)} maxLength={ATTRIBUTE_NAME_MAX} readOnly={frozen} required error={errors.nombre} />
        <ColorInput
          label="Color"
          value={form.color ?? ''}
          onChange={(value) => set('color', value === '' ? null : value)}
          format="hex"
          swatches={SWATCHES}
          readOnly={frozen}
          error={errors.color}
        />
        <TextInput label="Lema del banner" value={form.tagline ?? ''} onChange={(e) => set('tagline', e.currentTarget.value)} maxLength={TAGLINE_MAX} readOnly={frozen} error={errors.tagline} />
        <Textarea label="Definición" description="Se muestra al pulsar la «i» del banner." value={form.definition ?? ''} onChange={(e) => set('definition', e.currentTarget.value)} maxLength={DEFINITION_MAX} autosize minRows={3} readOnly={frozen} error={errors.definition} />
        <TraitListInput label="Personalidad" description="Así es alguien con este atributo." items={form.personality} onChange={(items) => set('personality', items)} readOnly={frozen} error={errors.personality} />
        <TraitListInput label="Lenguaje y expresión" description="Así suena en una llamada." items={form.language} onChange={(items) => set('language', items)} readOnly={frozen} error={errors.language} />

        {failure && (
          <Alert color="red" icon={<AlertIcon />} role="alert">
            {failure}
          </Alert>
        )}
        {!frozen && (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cerrar
            </Button>
            <Button onClick={() => void save()} loading={saving} disabled={!online}>
              Guardar cambios
            </Button>
          </Group>
        )}

        <Divider label="Imágenes" labelPosition="left" />
        <Text size="xs" c="dimmed">
          Se guardan al subirlas. Sin imagen propia, los agentes ven la original del programa.
        </Text>
        {artError && (
          <Alert color="red" icon={<AlertIcon />} role="alert" withCloseButton closeButtonLabel="Cerrar" onClose={() => setArtError(null)}>
            {artError}
          </Alert>
        )}
        <ArtField attribute={current} kind="logo" disabled={frozen || !online} onChanged={artChanged} onError={setArtError} />
        <ArtField attribute={current} kind="banner" disabled={frozen || !online} onChanged={artChanged} onError={setArtError} />
      </Stack>
    </Drawer>
  );
}
