// Programa, "catalogue": its rows of the authorization matrix (issue 35). The admin's requests
// really run, so each is harmless and repeatable: a new product is created withdrawn (agents never
// see it), restoring product 1 leaves it listed as it was, and the rest name a product that does
// not exist (404: the caller got past the access check).
import type { MatrixCase } from '../authorization-matrix.ts';
import { adminOnly } from './expect.ts';

const MISSING = 999_999;
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const withdrawnProduct = {
  nombre: 'Premio de la matriz', descripcion: null, condiciones: null, codigo_producto_chequemotiva: null, codigo_plantilla_chequemotiva: null,
  tiene_stock: true, disponible: false, display_order: 9999, valores: [{ valor_rings: 10, valor_chequemotiva: null }],
};

export const catalogueRows: MatrixCase[] = [
  { route: 'GET /api/programa/catalogo', request: () => ({ url: '/api/programa/catalogo' }), expect: adminOnly(200) },
  {
    route: 'POST /api/programa/catalogo', about: 'a withdrawn product: agents never see it',
    request: () => ({ url: '/api/programa/catalogo', payload: withdrawnProduct }), expect: adminOnly(200),
  },
  {
    route: 'PUT /api/programa/catalogo/:id', about: 'a product that does not exist',
    request: () => ({ url: `/api/programa/catalogo/${MISSING}`, payload: withdrawnProduct }), expect: adminOnly(404),
  },
  {
    route: 'POST /api/programa/catalogo/:id/imagen', about: 'a real PNG for a product that does not exist',
    request: () => ({ url: `/api/programa/catalogo/${MISSING}/imagen`, multipart: { fields: {}, file: { field: 'file', name: 'premio.png', type: 'image/png', bytes: TINY_PNG } } }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /api/programa/catalogo/:id/retirar', about: 'a product that does not exist',
    request: () => ({ url: `/api/programa/catalogo/${MISSING}/retirar` }), expect: adminOnly(404),
  },
  {
    route: 'POST /api/programa/catalogo/:id/reponer', about: 'product 1, already listed: stays listed',
    request: () => ({ url: '/api/programa/catalogo/1/reponer' }), expect: adminOnly(200),
  },
  {
    route: 'DELETE /api/programa/catalogo/:id', about: 'a product that does not exist',
    request: () => ({ url: `/api/programa/catalogo/${MISSING}` }), expect: adminOnly(404),
  },
];
