// Programa, "videos": its rows of the authorization matrix (issue 35). Only an admin signed in as
// themselves gets past programmeEditor; the admin's requests really run, so each is harmless and
// repeatable: a refused form or body (400) or a video that does not exist (404).
import type { MatrixCase } from '../authorization-matrix.ts';
import { adminOnly } from './expect.ts';

const NO_VIDEO = 987_654;

export const videosRows: MatrixCase[] = [
  { route: 'GET /api/programa/videos', request: () => ({ url: '/api/programa/videos' }), expect: adminOnly(200) },
  {
    route: 'POST /api/programa/videos', about: 'a form without a file: 400 means the caller got past the access check',
    request: () => ({ url: '/api/programa/videos', multipart: { fields: { nota: 'vacío' } } }), expect: adminOnly(400),
  },
  {
    route: 'PUT /api/programa/videos/:id', about: 'an empty title: refused after the access check',
    request: (fx) => ({ url: `/api/programa/videos/${fx.videoId}`, payload: { title: '', available_from: null, hidden: false } }), expect: adminOnly(400),
  },
  {
    route: 'POST /api/programa/videos/:id/archivo', about: 'nothing to change: refused after the access check',
    request: (fx) => ({ url: `/api/programa/videos/${fx.videoId}/archivo`, multipart: { fields: {} } }), expect: adminOnly(400),
  },
  {
    route: 'POST /api/programa/videos/orden', about: 'an order without the videos: refused after the access check',
    request: () => ({ url: '/api/programa/videos/orden', payload: { atributo_id: 3, ids: [] } }), expect: adminOnly(400),
  },
  {
    route: 'POST /api/programa/videos/:id/reprocesar', about: 'a video whose processing has not failed: 409 after the access check',
    request: (fx) => ({ url: `/api/programa/videos/${fx.videoId}/reprocesar` }), expect: adminOnly(409),
  },
  {
    route: 'DELETE /api/programa/videos/:id', about: 'a video that does not exist',
    request: () => ({ url: `/api/programa/videos/${NO_VIDEO}` }), expect: adminOnly(404),
  },
];
