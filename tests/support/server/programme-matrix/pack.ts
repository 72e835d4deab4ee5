// Programa, "pack": its rows of the authorization matrix (issue 35). Only an admin signed in as
// themselves gets past programmeEditor, before any byte of an upload is read; the admin's requests
// really run and are harmless: the export is a read, and the import sent is not a zip (415).
import type { MatrixCase } from '../authorization-matrix.ts';
import { adminOnly } from './expect.ts';

export const packRows: MatrixCase[] = [
  { route: 'GET /api/programa/paquete', about: 'the whole programme as a .zip', request: () => ({ url: '/api/programa/paquete' }), expect: adminOnly(200) },
  {
    route: 'POST /api/programa/paquete', about: 'a file that is not a zip: 415 means the caller got past the access check',
    request: () => ({ url: '/api/programa/paquete', multipart: { fields: {}, file: { field: 'file', name: 'programa.zip', type: 'application/zip', bytes: Buffer.from('esto no es un zip') } } }),
    expect: adminOnly(415),
  },
  {
    route: 'POST /api/programa/paquete', about: 'a check (comprobar) of a form without a file: refused after the access check',
    request: () => ({ url: '/api/programa/paquete?comprobar=1', multipart: { fields: { nota: 'vacío' } } }),
    expect: adminOnly(400),
  },
];
