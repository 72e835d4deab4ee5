import { describe, expect, it } from 'vitest';
import { maintenanceBannerLine, startBanner, type StartBannerInput } from './start-banner.ts';

const base: StartBannerInput = {
  publicUrl: 'http://localhost:8080',
  where: 'PGlite en data/pglite',
  maintenance: { state: 0, allowlist: [] },
  maintenanceForcedOff: false,
  demo: null,
};

describe('the start banner says when maintenance turns requests away', () => {
  it.each([
    [{ state: 0, allowlist: [] }, false, null],
    [
      { state: 1, allowlist: [] },
      false,
      'MANTENIMIENTO ACTIVO: la API responde 503 (pantalla de mantenimiento) a todas las direcciones (la lista de permitidas está vacía). Se desactiva en Programa › Mantenimiento; si nadie puede entrar, arranca con MAINTENANCE_FORCE_OFF=true.',
    ],
    [
      { state: 1, allowlist: ['10.0.0.1'] },
      false,
      'MANTENIMIENTO ACTIVO: la API responde 503 (pantalla de mantenimiento) a todas las direcciones salvo la permitida. Se desactiva en Programa › Mantenimiento; si nadie puede entrar, arranca con MAINTENANCE_FORCE_OFF=true.',
    ],
    [
      { state: 1, allowlist: ['10.0.0.1', '10.0.0.2'] },
      false,
      'MANTENIMIENTO ACTIVO: la API responde 503 (pantalla de mantenimiento) a todas las direcciones salvo las 2 permitidas. Se desactiva en Programa › Mantenimiento; si nadie puede entrar, arranca con MAINTENANCE_FORCE_OFF=true.',
    ],
    [
      { state: 1, allowlist: [] },
      true,
      'Mantenimiento activo en Programa › Mantenimiento, pero MAINTENANCE_FORCE_OFF=true lo ignora: todos pueden entrar. Quita la variable en cuanto hayas vuelto a entrar.',
    ],
    [
      { state: 0, allowlist: [] },
      true,
      'MAINTENANCE_FORCE_OFF=true: el mantenimiento se ignora aunque se active. Quita la variable en cuanto deje de hacer falta.',
    ],
    [
      null,
      false,
      'No se pudo leer el mantenimiento al arrancar: si está activo, se aplica en cuanto la base de datos responda (Programa › Mantenimiento).',
    ],
  ] as const)('setting %j, forced off %s', (setting, forcedOff, line) => {
    const maintenance = setting && { state: setting.state, allowlist: [...setting.allowlist] };
    expect(maintenanceBannerLine(maintenance, forcedOff)).toBe(line);
  });

  it('puts the maintenance line right under "Servidor listo", before the demo links', () => {
    const banner = startBanner({
      ...base,
      maintenance: { state: 1, allowlist: [] },
      demo: { notice: 'Modo demostración.', links: [{ label: 'Ana · agente marca 2', url: 'http://localhost:8080/sso/t' }] },
    });
    expect(banner.split('\n')).toEqual([
      '',
      '+impecable escuchando en http://localhost:8080 (PGlite en data/pglite)',
      'Servidor listo: la base de datos responde.',
      expect.stringMatching(/^MANTENIMIENTO ACTIVO: /),
      'Modo demostración.',
      'Enlaces de acceso SSO (un solo uso, válidos 5 minutos; otro con `npm run sso-link -- <email>`):',
      `  ${'Ana · agente marca 2'.padEnd(42)} http://localhost:8080/sso/t`,
    ]);
  });

  it('says nothing of maintenance while the app is open', () => {
    expect(startBanner(base)).toBe('\n+impecable escuchando en http://localhost:8080 (PGlite en data/pglite)\nServidor listo: la base de datos responde.');
  });
});
