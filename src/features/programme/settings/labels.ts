// How the history names what changed: areas by their tab's label, actions in Spanish. An
// action or area this version does not know is shown as written.
import { PROGRAMME_AREA_LABELS } from '#contract/programme-settings-constants';

const ACTION_LABELS: Record<string, string> = {
  created: 'Creado',
  updated: 'Cambiado',
  deleted: 'Borrado',
  hidden: 'Ocultado',
  shown: 'Mostrado',
  withdrawn: 'Retirado',
  restocked: 'Repuesto',
  imported: 'Importado',
  replaced: 'Sustituido',
  reordered: 'Reordenado',
  'turned-on': 'Activado',
  'turned-off': 'Desactivado',
};

export const actionLabel = (action: string): string => ACTION_LABELS[action] ?? action;

export const areaLabel = (area: string): string => (PROGRAMME_AREA_LABELS as Record<string, string>)[area] ?? area;

/** A field's value as one short line of text: JSON for anything but plain text. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '«vacío»' : value;
  return JSON.stringify(value);
}
