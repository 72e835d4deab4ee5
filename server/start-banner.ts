// What the server prints once it listens: where, that it is ready, whether maintenance turns
// requests away (or is overridden) and, in demo mode, who may use demo access and one sign-in
// link per demo user, last. Composes text only: the caller reads the setting and signs links.
import type { MaintenanceSetting } from '#domain/programme-settings';

export interface StartBannerInput {
  publicUrl: string;
  /** "PGlite en …", "PostgreSQL, 4 procesos". */
  where: string;
  /** The maintenance setting as stored at start; null when it could not be read. */
  maintenance: MaintenanceSetting | null;
  /** MAINTENANCE_FORCE_OFF. */
  maintenanceForcedOff: boolean;
  /** Demo mode only: who may use demo access, and the links to sign in. */
  demo: { notice: string | null; links: { label: string; url: string }[] } | null;
}

/** The maintenance line, or null while the app is simply open. */
export function maintenanceBannerLine(setting: MaintenanceSetting | null, forcedOff: boolean): string | null {
  if (forcedOff) {
    return setting?.state === 1
      ? 'Mantenimiento activo en Programa › Mantenimiento, pero MAINTENANCE_FORCE_OFF=true lo ignora: todos pueden entrar. Quita la variable en cuanto hayas vuelto a entrar.'
      : 'MAINTENANCE_FORCE_OFF=true: el mantenimiento se ignora aunque se active. Quita la variable en cuanto deje de hacer falta.';
  }
  if (setting === null) return 'No se pudo leer el mantenimiento al arrancar: si está activo, se aplica en cuanto la base de datos responda (Programa › Mantenimiento).';
  if (setting.state === 0) return null;
  const allowed = setting.allowlist.length;
  const who = allowed === 0
    ? 'a todas las direcciones (la lista de permitidas está vacía)'
    : `a todas las direcciones salvo ${allowed === 1 ? 'la permitida' : `las ${allowed} permitidas`}`;
  return `MANTENIMIENTO ACTIVO: la API responde 503 (pantalla de mantenimiento) ${who}. Se desactiva en Programa › Mantenimiento; si nadie puede entrar, arranca con MAINTENANCE_FORCE_OFF=true.`;
}

/** The whole banner, one string (written at once, so no log line lands between the links). */
export function startBanner(input: StartBannerInput): string {
  const lines = [`\n+impecable escuchando en ${input.publicUrl} (${input.where})`];
  // It listens only once the database is migrated (and seeded), so it is ready now.
  lines.push('Servidor listo: la base de datos responde.');
  const maintenance = maintenanceBannerLine(input.maintenance, input.maintenanceForcedOff);
  if (maintenance) lines.push(maintenance);
  if (input.demo) {
    if (input.demo.notice) lines.push(input.demo.notice);
    lines.push('Enlaces de acceso SSO (un solo uso, válidos 5 minutos; otro con `npm run sso-link -- <email>`):');
    for (const link of input.demo.links) lines.push(`  ${link.label.padEnd(42)} ${link.url}`);
  }
  return lines.join('\n');
}
