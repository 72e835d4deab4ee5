// THE authorization table: every /api route of buildApp × every kind of caller, with the
// status each must get, plus rows for other users' resources (participations, portraits,
// downloads, orders). authorization-matrix.test.ts runs it and fails for a route without a row.
// A new route gets its row here, nowhere else. Larger than 200 lines: one table, one place.
import { ACTORS, type Actor, type Fixtures } from './matrix-fixtures.ts';
import { programmeRows } from './programme-matrix/index.ts';

export { ACTORS };
export type Expected = Record<Actor, number>;

export interface MatrixRequest {
  url: string;
  payload?: unknown;
  /** Replaces the actor's Authorization header (routes whose credential is not a session). */
  headers?: Record<string, string>;
  /** A multipart body: the test builds it. */
  multipart?: { fields: Record<string, string>; file?: { field: string; name: string; type: string; bytes: Buffer } };
}

export interface MatrixCase {
  /** METHOD and the route as Fastify declares it, without regex constraints: 'GET /api/video/:id/visto'. */
  route: string;
  /** What this row proves, when a route has several. */
  about?: string;
  request: (fx: Fixtures, actor: Actor) => MatrixRequest | Promise<MatrixRequest>;
  expect: Expected;
}

const all = (status: number): Expected => ({
  anon: status, agent2: status, agent1: status, interno: status, plataforma: status, latam: status, admin: status, impersonation: status, sync: status,
});

/** Any signed-in session (not a sync credential) gets `status`; overrides per actor. */
const signedIn = (status: number, overrides: Partial<Expected> = {}): Expected => ({ ...all(status), anon: 401, sync: 401, ...overrides });

/** Only the owner (Ana: agent2, and her sync credential where writes allow it) reaches it; others do not see it exists. */
const ownerOnly = (status: number, overrides: Partial<Expected> = {}): Expected => signedIn(404, { agent2: status, ...overrides });

const supervisorsOnly = (status: number, overrides: Partial<Expected> = {}): Expected =>
  signedIn(403, { interno: status, plataforma: status, admin: status, ...overrides });

/** Earning routes: only agents (empty perfil) earn; staff and impersonation get 403. */
const agentsOnly = (status: number, overrides: Partial<Expected> = {}): Expected =>
  signedIn(403, { agent2: status, agent1: status, ...overrides });

/** Imports an admin alone may make: INTERNO and PLATAFORMA get the whole file refused (422). */
const adminGrantOnly: Expected = supervisorsOnly(422, { admin: 200 });

/** The ranking reads, with attribute 3 (Accesible) where the route takes one. */
const RANKING_READS = [
  'ranking/global', 'ranking/your-position', 'ranking/your-points', 'ranking-global/difference-frist', 'ranking-vecinos/global',
  ...['marca', 'plataforma'].flatMap((scope) => ['global', 'posicion', 'diferencia', 'puntos-totales', 'vecinos'].map((what) => `ranking-${what}-${scope}/3`)),
];

export const MATRIX: MatrixCase[] = [
  // System and sign-in: public by design.
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: all(200) },
  { route: 'GET /api/health/ready', request: () => ({ url: '/api/health/ready' }), expect: all(200) },
  { route: 'GET /api/config', request: () => ({ url: '/api/config' }), expect: all(200) },
  {
    route: 'POST /api/auth/login', about: 'the credential is the Google access token in the body',
    request: () => ({ url: '/api/auth/login', payload: { access_token: 'ana@impecable.demo' } }), expect: all(200),
  },
  {
    route: 'POST /api/auth/login-sso', about: 'the credential is the SSO JWT in the Authorization header',
    request: async (fx) => ({ url: '/api/auth/login-sso', headers: { authorization: `Bearer ${await fx.ssoJwt('bruno@impecable.demo')}` } }),
    expect: all(200),
  },
  {
    route: 'GET /api/auth/logout', about: 'each caller revokes a token of its own kind, made for this row',
    request: async (fx, actor) => ({ url: '/api/auth/logout', headers: await fx.throwawayAuth(actor) }), expect: all(200),
  },
  { route: 'POST /api/demo/sso-token', request: () => ({ url: '/api/demo/sso-token', payload: { email: 'ana@impecable.demo' } }), expect: all(200) },
  {
    route: 'POST /api/auth/login-as-user', about: 'an agent of Plataforma Norte (brand 2)',
    request: (fx) => ({ url: '/api/auth/login-as-user', payload: { nick_name: fx.platformAgentNick } }),
    expect: supervisorsOnly(200),
  },
  {
    route: 'POST /api/auth/login-as-user', about: 'an agent of brand 1 on Plataforma Centro: outside INTERNO and PLATAFORMA of brand 2',
    request: () => ({ url: '/api/auth/login-as-user', payload: { nick_name: 'BrunoRing' } }),
    expect: supervisorsOnly(200, { interno: 403, plataforma: 403 }),
  },
  {
    route: 'POST /api/auth/login-as-user', about: 'a supervisor is never a target',
    request: () => ({ url: '/api/auth/login-as-user', payload: { nick_name: 'InesInterno' } }),
    expect: supervisorsOnly(403),
  },

  // The user's own profile.
  {
    route: 'POST /api/crear-nickname', about: 'impersonation tries to rename the agent (the nick shows in rankings): it only looks',
    request: (fx, actor) => ({ url: '/api/crear-nickname', payload: { nick_name: fx.nickOf(actor) } }),
    expect: signedIn(200, { impersonation: 403, sync: 200 }),
  },
  { route: 'GET /api/ceck-admin', request: () => ({ url: '/api/ceck-admin' }), expect: signedIn(200) },

  // Points, attributes, training: every signed-in user reads their own.
  { route: 'GET /api/imps', request: () => ({ url: '/api/imps' }), expect: signedIn(200) },
  { route: 'GET /api/listado-imps', request: () => ({ url: '/api/listado-imps' }), expect: signedIn(200) },
  { route: 'GET /api/imps/caducidades', about: "the caller's own batches (issue 39)", request: () => ({ url: '/api/imps/caducidades' }), expect: signedIn(200) },
  { route: 'GET /api/atributos', request: () => ({ url: '/api/atributos' }), expect: signedIn(200) },
  { route: 'GET /api/video/atributo/:id', request: () => ({ url: '/api/video/atributo/3' }), expect: signedIn(200) },
  { route: 'GET /api/video/:id/visto', request: (fx) => ({ url: `/api/video/${fx.videoId}/visto` }), expect: signedIn(200) },
  { route: 'GET /api/video/:id/progreso', request: (fx) => ({ url: `/api/video/${fx.videoId}/progreso` }), expect: signedIn(200) },
  {
    route: 'POST /api/video/:id/porcentaje', about: 'earns IMPs: agents only, never while impersonating; sync delivers queued progress',
    request: (fx) => ({ url: `/api/video/${fx.videoId}/porcentaje`, payload: { porcentaje: 10 } }),
    expect: agentsOnly(200, { sync: 200 }),
  },
  { route: 'GET /api/progreso/:id', request: () => ({ url: '/api/progreso/3' }), expect: signedIn(200) },
  {
    route: 'POST /api/log/register', about: 'impersonation tries to log events as the agent: it only looks',
    request: () => ({ url: '/api/log/register', payload: { action: 'Clic banner home accesible' } }),
    expect: signedIn(200, { impersonation: 403, sync: 200 }),
  },
  {
    route: 'POST /api/sync', about: 'a batch of queued actions: each runs through its own route (its answer is inside); impersonation only looks',
    request: () => ({ url: '/api/sync', payload: { acciones: [{ id: 'matrix-sync-1', method: 'POST', path: '/log/register', occurredAt: '', signature: null, body: { action: 'Clic banner home accesible' } }] } }),
    expect: signedIn(200, { impersonation: 403, sync: 200 }),
  },

  // Quiz: starting uses up the one attempt (agents only, never while impersonating); a participation is its owner's alone.
  {
    route: 'POST /api/start/:atributo/quizz/:quizz', about: 'Ana and Bruno resume their own; the others have not seen the video',
    request: () => ({ url: '/api/start/3/quizz/1' }),
    expect: signedIn(403, { agent2: 200, agent1: 200 }),
  },
  { route: 'GET /api/check-start/:atributo/quizz/:quizz', request: () => ({ url: '/api/check-start/3/quizz/1' }), expect: signedIn(200) },
  { route: 'GET /api/:participacion/pregunta', about: "Ana's participation", request: (fx) => ({ url: `/api/${fx.participationId}/pregunta` }), expect: ownerOnly(200) },
  { route: 'GET /api/:participacion/pregunta/stat', about: "Ana's participation", request: (fx) => ({ url: `/api/${fx.participationId}/pregunta/stat` }), expect: ownerOnly(200) },
  { route: 'GET /api/:participacion/preguntas', about: "Ana's participation", request: (fx) => ({ url: `/api/${fx.participationId}/preguntas` }), expect: ownerOnly(200) },
  { route: 'GET /api/:participacion/respuestas', about: "Ana's participation", request: (fx) => ({ url: `/api/${fx.participationId}/respuestas` }), expect: ownerOnly(200) },
  {
    route: 'POST /api/:participacion/:pregunta/:atributo/answer', about: "an answer to Ana's participation: staff never earn",
    request: (fx) => ({ url: fx.answerUrl, payload: { respuesta_id: fx.answerOptionId, elapsed_ms: 4_000 } }),
    expect: ownerOnly(200, { interno: 403, plataforma: 403, latam: 403, admin: 403, impersonation: 403, sync: 200 }),
  },

  // Repaso: the agent's own round; staff do not take part; impersonation only reads; a review earns nothing.
  {
    route: 'GET /api/repaso', about: "each agent's own round; staff take no part; impersonation reads the agent's",
    request: () => ({ url: '/api/repaso' }), expect: signedIn(403, { agent2: 200, agent1: 200, impersonation: 200 }),
  },
  {
    route: 'POST /api/repaso/:pregunta/respuesta', about: "a question of Ana's Repaso: her own (and her queued row, counted once); another agent finds nothing",
    request: (fx) => ({ url: `/api/repaso/${fx.repasoQuestionId}/respuesta`, payload: { respuesta_id: fx.repasoOptionId, vista: 1 } }),
    expect: signedIn(403, { agent2: 200, agent1: 404, sync: 200 }),
  },

  // Rewards (brand 2): only agents spend; a coupon page is reached by its unguessable code.
  { route: 'GET /api/cheque-motiva/products', request: () => ({ url: '/api/cheque-motiva/products' }), expect: signedIn(200, { agent1: 403 }) },
  {
    route: 'POST /api/cheque-motiva/cangear',
    request: (fx) => ({ url: '/api/cheque-motiva/cangear', payload: fx.redeemBody }),
    expect: signedIn(403, { agent2: 200 }),
  },
  { route: 'GET /api/cheque-motiva/ordenes/user', request: () => ({ url: '/api/cheque-motiva/ordenes/user' }), expect: signedIn(200, { agent1: 403 }) },
  { route: 'GET /api/cupones/:code', about: "Ana's coupon, by its code", request: (fx) => ({ url: `/api/cupones/${fx.couponCode}` }), expect: all(200) },
  { route: 'GET /api/cupones/:code', about: 'a guessed code', request: () => ({ url: '/api/cupones/IMP-AAAA-BBBB-CCCC-DDDD' }), expect: all(404) },

  // Rankings: every signed-in user reads them (their own position among everyone).
  ...RANKING_READS.map((url): MatrixCase => ({ route: `GET /api/${url.replace(/\/3$/, '/:atributo')}`, request: () => ({ url: `/api/${url}` }), expect: signedIn(200) })),
  { route: 'GET /api/ranking-ambitos', request: () => ({ url: '/api/ranking-ambitos' }), expect: signedIn(200) },
  // Naming a site or brand: agents only their own, staff within their scope (LATAM none).
  {
    route: 'GET /api/ranking-global-plataforma/:atributo', about: 'site 1 (Madrid Castellana, Plataforma Centro: Ana, brand 2)',
    request: () => ({ url: '/api/ranking-global-plataforma/3?sede=1' }), expect: signedIn(200, { agent1: 403, latam: 403 }),
  },
  {
    route: 'GET /api/ranking-global-plataforma/:atributo', about: 'site 2 (Madrid Arganzuela: Bruno, brand 1 only)',
    request: () => ({ url: '/api/ranking-global-plataforma/3?sede=2' }), expect: signedIn(403, { agent1: 200, admin: 200 }),
  },
  {
    route: 'GET /api/ranking-global-marca/:atributo', about: 'brand 1: its agents and admin',
    request: () => ({ url: '/api/ranking-global-marca/3?marca=1' }), expect: signedIn(403, { agent1: 200, admin: 200 }),
  },
  // Ranking downloads: staff only; the file behind a download_url only for whoever asked for it.
  { route: 'GET /api/descargar-ranking-global', request: () => ({ url: '/api/descargar-ranking-global' }), expect: supervisorsOnly(200) },
  { route: 'GET /api/descargar-ranking-marca/:atributo', request: () => ({ url: '/api/descargar-ranking-marca/3' }), expect: supervisorsOnly(200) },
  {
    route: 'GET /api/descargar-ranking-marca/:atributo/:filtro', about: 'by site',
    request: () => ({ url: '/api/descargar-ranking-marca/3/sede' }), expect: supervisorsOnly(200),
  },
  {
    route: 'GET /api/descargas/ranking/:token', about: "the admin's download: nobody else can fetch it",
    request: (fx) => ({ url: fx.adminDownloadUrl }), expect: signedIn(404, { admin: 200 }),
  },

  // Simulated navigation: supervisors, each within its scope; never from inside an impersonation.
  { route: 'GET /api/navegacion-simulada/marcas', request: () => ({ url: '/api/navegacion-simulada/marcas' }), expect: supervisorsOnly(200) },
  {
    route: 'GET /api/navegacion-simulada/sedes/:brand', about: 'brand 2',
    request: (fx) => ({ url: `/api/navegacion-simulada/sedes/${encodeURIComponent(fx.brand2Name)}` }), expect: supervisorsOnly(200),
  },
  {
    route: 'GET /api/navegacion-simulada/sedes/:brand', about: 'brand 1: outside INTERNO and PLATAFORMA of brand 2',
    request: (fx) => ({ url: `/api/navegacion-simulada/sedes/${encodeURIComponent(fx.brand1Name)}` }), expect: supervisorsOnly(200, { interno: 403, plataforma: 403 }),
  },
  {
    route: 'GET /api/navegacion-simulada/plataformas/:brand/:platform',
    request: (fx) => ({ url: `/api/navegacion-simulada/plataformas/${encodeURIComponent(fx.brand2Name)}/${encodeURIComponent(fx.platformName)}` }),
    expect: supervisorsOnly(200),
  },
  {
    route: 'GET /api/navegacion-simulada/agentes/:brand/:site', about: 'a site of Plataforma Norte',
    request: (fx) => ({ url: `/api/navegacion-simulada/agentes/${encodeURIComponent(fx.brand2Name)}/${encodeURIComponent(fx.siteName)}` }),
    expect: supervisorsOnly(200),
  },
  {
    route: 'GET /api/navegacion-simulada/agentes/:brand/:site', about: 'a site of another platform: outside PLATAFORMA',
    request: (fx) => ({ url: `/api/navegacion-simulada/agentes/${encodeURIComponent(fx.brand2Name)}/${encodeURIComponent(fx.otherSiteName)}` }),
    expect: supervisorsOnly(200, { plataforma: 403 }),
  },

  // Seguimiento (issue 20): supervisors within their impersonation scope; never agents, LATAM,
  // an impersonation session or a sync credential. Attribute 3 is this month's; site 1 is on
  // PLATAFORMA's platform (Plataforma Centro); brand 1 lies outside INTERNO and PLATAFORMA.
  { route: 'GET /api/seguimiento/ambito', request: () => ({ url: '/api/seguimiento/ambito' }), expect: supervisorsOnly(200) },
  { route: 'GET /api/seguimiento/resumen/:atributo', request: () => ({ url: '/api/seguimiento/resumen/3' }), expect: supervisorsOnly(200) },
  {
    route: 'GET /api/seguimiento/resumen/:atributo', about: 'brand 1: outside INTERNO and PLATAFORMA of brand 2',
    request: () => ({ url: '/api/seguimiento/resumen/3?marca=1' }), expect: supervisorsOnly(200, { interno: 403, plataforma: 403 }),
  },
  { route: 'GET /api/seguimiento/sedes/:atributo', request: () => ({ url: '/api/seguimiento/sedes/3' }), expect: supervisorsOnly(200) },
  { route: 'GET /api/seguimiento/rezagados/:atributo', request: () => ({ url: '/api/seguimiento/rezagados/3?sede=1' }), expect: supervisorsOnly(200) },
  { route: 'GET /api/seguimiento/preguntas/:atributo', request: () => ({ url: '/api/seguimiento/preguntas/3' }), expect: supervisorsOnly(200) },
  {
    route: 'GET /api/seguimiento/descargar/:tabla/:atributo', request: () => ({ url: '/api/seguimiento/descargar/rezagados/3?sede=1' }),
    expect: supervisorsOnly(200),
  },

  // LATAM order summary and its download: LATAM and admin.
  { route: 'GET /api/listado-peru', request: () => ({ url: '/api/listado-peru' }), expect: signedIn(403, { latam: 200, admin: 200 }) },
  { route: 'GET /api/descargar-listado-latam', request: () => ({ url: '/api/descargar-listado-latam' }), expect: signedIn(403, { latam: 200, admin: 200 }) },

  // User import: staff (admin, INTERNO, PLATAFORMA) with a corporate e-mail, never while
  // impersonating. An empty form reaches the file check (400) only for callers who may import.
  {
    route: 'POST /api/importar-usuario', about: 'an empty form: 400 means the caller got past the access check',
    request: () => ({ url: '/api/importar-usuario', multipart: { fields: { nota: 'vacío' } } }),
    expect: supervisorsOnly(400),
  },
  // Import scope: nobody grants what they do not hold. Only admin creates or changes staff
  // profiles and Ring Ring points; nobody changes their own row.
  {
    route: 'POST /api/importar-usuario', about: "a file making its sender admin (the admin's copy makes a new colleague admin)",
    request: (fx, actor) => ({ url: '/api/importar-usuario', multipart: { fields: {}, file: fx.importFile(fx.selfPromotionRows(actor)) } }),
    expect: adminGrantOnly,
  },
  {
    route: 'POST /api/importar-usuario', about: "a file setting Bruno's (brand 1) puntos_ring_ring to 999999",
    request: (fx) => ({ url: '/api/importar-usuario', multipart: { fields: {}, file: fx.importFile(fx.ringRingGrantRows) } }),
    expect: adminGrantOnly,
  },
  {
    route: 'POST /api/importar-usuario', about: 'Ring Ring points for an agent inside INTERNO\'s and PLATAFORMA\'s scope: still the admin\'s alone',
    request: (fx) => ({ url: '/api/importar-usuario', multipart: { fields: {}, file: fx.importFile(fx.ringRingInScopeRows) } }),
    expect: adminGrantOnly,
  },
  {
    route: 'POST /api/importar-usuario', about: 'extended time (tiempo_adaptado ×2) for an agent inside INTERNO\'s and PLATAFORMA\'s scope: the admin\'s alone',
    request: (fx) => ({ url: '/api/importar-usuario', multipart: { fields: {}, file: fx.importFile(fx.timeGrantInScopeRows) } }),
    expect: adminGrantOnly,
  },
  // Time accommodation from the back-office (issue 39): an admin signed in as themselves, nobody else.
  {
    route: 'GET /api/tiempo-adaptado/:nick', request: (fx) => ({ url: `/api/tiempo-adaptado/${encodeURIComponent(fx.platformAgentNick)}` }),
    expect: signedIn(403, { admin: 200 }),
  },
  {
    route: 'PUT /api/tiempo-adaptado/:nick', about: 'sets ×1 (none), so every actor\'s try leaves the same state',
    request: (fx) => ({ url: `/api/tiempo-adaptado/${encodeURIComponent(fx.platformAgentNick)}`, payload: { factor_tiempo: 1 } }),
    expect: signedIn(403, { admin: 200 }),
  },
  { route: 'GET /api/importar-usuario/plantilla', request: () => ({ url: '/api/importar-usuario/plantilla' }), expect: all(200) },

  // Reface and album: own portraits only; uploading leads to IMPs, so agents only, never while impersonating.
  {
    route: 'POST /api/refaces/upload', about: 'no photo: 400 means the caller got past the access check',
    request: () => ({ url: '/api/refaces/upload', multipart: { fields: { atributo_id: '3' } } }),
    expect: agentsOnly(400),
  },
  { route: 'GET /api/refaces/status/:atributo', request: () => ({ url: '/api/refaces/status/3' }), expect: signedIn(200) },
  { route: 'GET /api/album', request: () => ({ url: '/api/album' }), expect: signedIn(200) },
  {
    route: 'GET /api/download-image', about: "Ana's portrait",
    request: (fx) => ({ url: `/api/download-image?path=${encodeURIComponent(fx.portraitPath)}` }), expect: ownerOnly(200),
  },

  // Avisos: agents only (staff 403), each their own; marking read and preferences are queued
  // writes a sync credential delivers; impersonation reads but never writes or subscribes.
  { route: 'GET /api/avisos', request: () => ({ url: '/api/avisos' }), expect: agentsOnly(200, { impersonation: 200 }) },
  {
    route: 'POST /api/avisos/:id/leido', about: "Ana's notification: another agent does not see it exists",
    request: (fx) => ({ url: `/api/avisos/${fx.notificationId}/leido` }), expect: agentsOnly(200, { agent1: 404, sync: 200 }),
  },
  { route: 'POST /api/avisos/leidos', request: (fx) => ({ url: '/api/avisos/leidos', payload: { hasta: fx.notificationId } }), expect: agentsOnly(200, { sync: 200 }) },
  { route: 'GET /api/avisos/preferencias', request: () => ({ url: '/api/avisos/preferencias' }), expect: agentsOnly(200, { impersonation: 200 }) },
  {
    route: 'PUT /api/avisos/preferencias', about: 'the sync credential delivers it as the app queued and signed it',
    request: async (fx, actor) => {
      const payload = { tipos: { 'atributo-nuevo': true, 'quiz2-abierto': true, 'premio-acreditado': true, 'banda-perdida': false, 'cupon-listo': true } };
      return { url: '/api/avisos/preferencias', payload, headers: await fx.queuedHeaders(actor, 'PUT', '/api/avisos/preferencias', payload) };
    },
    expect: agentsOnly(200, { sync: 200 }),
  },
  { route: 'GET /api/avisos/push/clave', about: 'public: it only identifies the server to push services', request: () => ({ url: '/api/avisos/push/clave' }), expect: all(200) },
  {
    route: 'POST /api/avisos/push/suscripcion', about: 'a sync credential never subscribes a device',
    request: (fx) => ({ url: '/api/avisos/push/suscripcion', payload: fx.pushSubscription }), expect: agentsOnly(200),
  },
  {
    route: 'DELETE /api/avisos/push/suscripcion', about: 'anyone signed in takes their own device off (staff too: they may have been agents); never by impersonation',
    request: (fx) => ({ url: '/api/avisos/push/suscripcion', payload: { endpoint: fx.pushSubscription.endpoint } }), expect: signedIn(200, { impersonation: 403 }),
  },
  // Programa (issue 35): one file per area.
  ...programmeRows,
];
