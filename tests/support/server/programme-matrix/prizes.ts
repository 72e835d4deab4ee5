// Programa, "prizes": its rows of the authorization matrix (issue 35). The admin's requests really
// run: the PUT writes the same far-future row each time, the DELETE names a month with no row.
import type { MatrixCase } from '../authorization-matrix.ts';
import { adminOnly } from './expect.ts';

export const prizesRows: MatrixCase[] = [
  { route: 'GET /api/programa/premios', request: () => ({ url: '/api/programa/premios' }), expect: adminOnly(200) },
  {
    route: 'PUT /api/programa/premios/:mes', about: 'the same row for January 2099 each time',
    request: () => ({ url: '/api/programa/premios/2099-01', payload: { tier1: 300, tier2: 200, tier3: 100, brand: 100 } }), expect: adminOnly(200),
  },
  {
    route: 'DELETE /api/programa/premios/:mes', about: 'a month with no row',
    request: () => ({ url: '/api/programa/premios/2099-02' }), expect: adminOnly(404),
  },
];
