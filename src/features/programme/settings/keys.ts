// The snapshot keys of Programa › Mantenimiento and Historial de cambios (personal: wiped at
// sign-out like every key). The strings are stored on devices: renaming one orphans its snapshots.
import type { ProgrammeAreaName } from '#contract/programme-settings-constants';

export const settingsKeys = {
  maintenance: 'programa:mantenimiento',
  /** The history's first page, per area filter (later pages are never kept). */
  history: (area: ProgrammeAreaName | null) => `programa:historial:${area ?? 'todas'}`,
};
