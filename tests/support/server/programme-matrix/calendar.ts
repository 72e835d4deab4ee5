// Programa, "calendar": its rows of the authorization matrix (issue 35). The admin's requests
// really run and are repeatable: Con Estilo (7, disabled, no dates) is written back as the demo
// seeds it, gets the same 1×1 PNG as its logo, and goes back to its built-in banner.
import { demoAttributeContent } from '#server/seed/demo-content/attributes';
import type { MatrixCase } from '../authorization-matrix.ts';
import { adminOnly } from './expect.ts';

/** A real 1×1 PNG. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const conEstilo = { nombre: 'Con Estilo', enabled: false, month_start: null, month_end: null, sync_grace_hours: 72, ...demoAttributeContent(7) };

export const calendarRows: MatrixCase[] = [
  { route: 'GET /api/programa/calendario', request: () => ({ url: '/api/programa/calendario' }), expect: adminOnly(200) },
  {
    route: 'PUT /api/programa/atributos/:id', about: 'Con Estilo written back unchanged',
    request: () => ({ url: '/api/programa/atributos/7', payload: conEstilo }), expect: adminOnly(200),
  },
  {
    route: 'POST /api/programa/atributos/:id/arte', about: 'the same PNG as Con Estilo\'s logo each time',
    request: () => ({ url: '/api/programa/atributos/7/arte', multipart: { fields: { kind: 'logo' }, file: { field: 'file', name: 'logo.png', type: 'image/png', bytes: TINY_PNG } } }),
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /api/programa/atributos/:id/arte/:tipo', about: 'Con Estilo back to its built-in banner',
    request: () => ({ url: '/api/programa/atributos/7/arte/banner' }), expect: adminOnly(200),
  },
];
