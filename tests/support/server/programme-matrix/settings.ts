// Programa, "settings" (Mantenimiento and Historial de cambios): its rows of the authorization
// matrix (issue 35). The admin's writes are harmless: maintenance stays off, and a change that
// would shut the admin out is refused (409) before anything is written.
import type { MatrixCase } from '../authorization-matrix.ts';
import { adminOnly } from './expect.ts';

export const settingsRows: MatrixCase[] = [
  {
    route: 'GET /api/programa/mantenimiento',
    request: () => ({ url: '/api/programa/mantenimiento' }),
    expect: adminOnly(200),
  },
  {
    route: 'PUT /api/programa/mantenimiento', about: 'maintenance off with an empty list (what it already is)',
    request: () => ({ url: '/api/programa/mantenimiento', payload: { state: 0, allowlist: [] } }),
    expect: adminOnly(200),
  },
  {
    route: 'PUT /api/programa/mantenimiento', about: "maintenance on without the caller's IP: refused, nothing written",
    request: () => ({ url: '/api/programa/mantenimiento', payload: { state: 1, allowlist: ['203.0.113.7'] } }),
    expect: adminOnly(409),
  },
  {
    route: 'GET /api/programa/historial',
    request: () => ({ url: '/api/programa/historial?area=mantenimiento' }),
    expect: adminOnly(200),
  },
];
