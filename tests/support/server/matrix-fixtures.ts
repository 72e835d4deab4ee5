// The people and resources the authorization matrix asks about, built on the minimal seed:
// one session per kind of caller, Ana's participation, portrait, coupon and a prize she can
// afford, the organisation's names, and import files. Test-only; never used by production code.
import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { IMPORT_COLUMNS } from '#contract/admin';
import type { UserRow } from '#server/db/schema';
import { isRepasoDue } from '#domain/repaso';
import { createAuthService } from '#server/modules/auth/service';
import { createRepasoRepository } from '#server/modules/repaso/repository';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { queuedRowHeaders } from '#test-support/server/agents';
import { csvOf, type Rows } from '#test-support/server/import-files';
import type { TestContext } from '#test-support/server/test-app';

/** Who is asking. 'impersonation': admin browsing as an agent; 'sync': an agent's write-only credential. */
export const ACTORS = ['anon', 'agent2', 'agent1', 'interno', 'plataforma', 'latam', 'admin', 'impersonation', 'sync'] as const;
export type Actor = (typeof ACTORS)[number];

export interface Fixtures {
  /** The Authorization header each actor sends ({} for anon). */
  auth: Record<Actor, Record<string, string>>;
  /** The 'sync' actor's action key: its writes are rows the app queued and signed while signed in. */
  syncActionKey: string;
  ssoJwt(email: string): Promise<string>;
  /** A fresh credential of the actor's kind, for rows that revoke it. */
  throwawayAuth(actor: Actor): Promise<Record<string, string>>;
  nickOf(actor: Actor): string;
  videoId: number;
  participationId: number;
  answerUrl: string;
  answerOptionId: number;
  /** A question in Ana's Repaso, due, and its correct option. */
  repasoQuestionId: number;
  repasoOptionId: number;
  redeemBody: { product: number; value: number };
  couponCode: string;
  portraitPath: string;
  brand1Name: string;
  brand2Name: string;
  platformName: string;
  siteName: string;
  otherSiteName: string;
  platformAgentNick: string;
  /** A ranking download the admin asked for. */
  adminDownloadUrl: string;
  /** An import CSV with the template's columns and these data rows, as a multipart file. */
  importFile(rows: Rows): { field: string; name: string; type: string; bytes: Buffer };
  /** The sender's own row made admin; for the admin (and callers refused before the file), a new colleague. */
  selfPromotionRows(actor: Actor): Rows;
  /** Bruno (brand 1) with 999999 Ring Ring points. */
  ringRingGrantRows: Rows;
  /** The impersonation target (brand 2, Plataforma Centro: inside INTERNO's and PLATAFORMA's scope) with Ring Ring points. */
  ringRingInScopeRows: Rows;
  /** Extended time (×2) for an agent inside INTERNO's and PLATAFORMA's scope: only an admin grants it. */
  timeGrantInScopeRows: Rows;
  /** One of Ana's notifications (avisos). */
  notificationId: number;
  /** A device subscription with valid keys (never sent to: nothing is notified in the matrix). */
  pushSubscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** For the sync actor, the signed headers of a queued row sent with a method other than POST; {} for the others. */
  queuedHeaders(actor: Actor, method: string, url: string, body: unknown): Promise<Record<string, string>>;
}

const EMAILS: Record<Exclude<Actor, 'anon' | 'impersonation' | 'sync'>, string> = {
  agent2: 'ana@impecable.demo',
  agent1: 'bruno@impecable.demo',
  interno: 'interno@impecable.demo',
  plataforma: 'plataforma@impecable.demo',
  latam: 'latam@impecable.demo',
  admin: 'admin@impecable.demo',
};

const one = async <T>(ctx: TestContext, query: string): Promise<T> => {
  const { rows } = await sql.raw<T>(query).execute(ctx.db);
  if (!rows[0]) throw new Error(`fixture missing: ${query}`);
  return rows[0];
};

export async function buildFixtures(ctx: TestContext): Promise<Fixtures> {
  const auth = createAuthService({ db: ctx.db, config: ctx.config, clock: ctx.clock.now });
  const userBy = (email: string) => ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  // The impersonation target: a brand-2 agent of Plataforma Centro (Plataforma's own platform).
  const target: UserRow = await ctx.db.insertInto('users')
    .values({ email: 'suplantada@impecable.demo', name: 'Sara Suplantada', nick_name: 'Suplantada', brand_id: 2, platform_id: 1, site_id: 1 })
    .returningAll().executeTakeFirstOrThrow();
  const ana = await userBy(EMAILS.agent2);

  const ssoJwt = (email: string) => signSsoToken(ctx.config.ssoSecret, email, ctx.clock.now());
  /** A real sign-in (full session + its sync session) through the SSO route. */
  const signIn = async (email: string) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login-sso', headers: { authorization: `Bearer ${await ssoJwt(email)}` } });
    return (res.json() as { data: { token: string; sync_token: string; action_key: string } }).data;
  };
  let syncActionKey = '';
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function credentialOf(actor: Actor): Promise<Record<string, string>> {
    if (actor === 'anon') return {};
    if (actor === 'impersonation') {
      // Through the real route, so the session remembers the admin session that opened it.
      const admin = bearer((await auth.startSession(await userBy(EMAILS.admin))).token);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login-as-user', headers: admin, payload: { nick_name: target.nick_name } });
      return bearer((res.json() as { data: { token: string } }).data.token);
    }
    if (actor === 'sync') {
      const login = await signIn(EMAILS.agent2);
      syncActionKey = login.action_key;
      return bearer(login.sync_token);
    }
    return bearer((await auth.startSession(await userBy(EMAILS[actor]))).token);
  }

  const headers = Object.fromEntries(await Promise.all(ACTORS.map(async (a) => [a, await credentialOf(a)] as const))) as Record<Actor, Record<string, string>>;

  const participation = await one<{ id: number }>(ctx, `SELECT id FROM quiz_participations WHERE user_id = ${ana.id} AND attribute_id = 3 AND quiz = 1`);
  const question = await one<{ id: number; option_id: number }>(ctx, `
    SELECT q.id, o.id AS option_id FROM quiz_questions q JOIN quiz_options o ON o.question_id = q.id
    WHERE q.attribute_id = 3 AND q.quiz = 1 AND o.correct
      AND q.id NOT IN (SELECT question_id FROM quiz_answers WHERE participation_id = ${participation.id})
    ORDER BY q.position LIMIT 1`);
  const price = await one<{ id: number; valor_rings: number }>(ctx, `
    SELECT v.id, v.valor_rings FROM product_values v JOIN products p ON p.id = v.product_id
    WHERE p.disponible = 1 AND p.tiene_stock > 0 ORDER BY v.valor_rings LIMIT 1`);
  const coupon = await one<{ code: string }>(ctx, `SELECT code FROM orders WHERE user_id = ${ana.id} AND code IS NOT NULL LIMIT 1`);
  const portrait = await one<{ image_path: string }>(ctx, `SELECT image_path FROM refaces WHERE user_id = ${ana.id} AND image_path IS NOT NULL LIMIT 1`);

  const download = await ctx.app.inject({ method: 'GET', url: '/api/descargar-ranking-global', headers: headers.admin });
  const adminDownloadUrl = (download.json() as { download_url: string }).download_url;

  // The sync actor's key: a throwaway sync sign-in (the logout row) replaces `syncActionKey` later.
  const matrixActionKey = syncActionKey;
  const notification = await ctx.db.insertInto('notifications').values({
    user_id: ana.id, kind: 'cupon-listo', event_key: 'matrix:1', title: 'Tu cupón está listo', body: 'Ya tienes tu premio en Mis Premios.', url: '/mis-ordenes',
  }).returning('id').executeTakeFirstOrThrow();

  const bruno = await userBy(EMAILS.agent1);
  // Ana's showcase quizzes have wrong answers: a question of her Repaso, due at the matrix's moment.
  const repasoItem = (await createRepasoRepository(ctx.db).items(ana.id)).find((item) => isRepasoDue({ dueDay: item.due_day, graduated: item.graduated }, ctx.clock.now()));
  if (!repasoItem) throw new Error('fixture missing: a due question in Ana\'s Repaso');
  const repasoOption = await one<{ id: number }>(ctx, `SELECT id FROM quiz_options WHERE question_id = ${repasoItem.question_id} AND correct`);
  /** A row with the template's columns: only the named cells are filled. */
  const importRow = (cells: Partial<Record<(typeof IMPORT_COLUMNS)[number], string | number>>) => IMPORT_COLUMNS.map((c) => cells[c] ?? null);
  const selfPromotionRows = async (actor: Actor): Promise<Rows> => {
    const own = actor === 'interno' || actor === 'plataforma' ? await userBy(EMAILS[actor]) : null;
    return [importRow(own
      ? { name: own.name, email: own.email, perfil: 'admin', marca_id: own.brand_id }
      : { name: 'Nueva Administradora', email: 'nueva.admin@impecable.demo', perfil: 'admin', marca_id: 2 })];
  };
  const promotions = Object.fromEntries(await Promise.all(ACTORS.map(async (a) => [a, await selfPromotionRows(a)] as const))) as Record<Actor, Rows>;

  return {
    auth: headers,
    syncActionKey,
    adminDownloadUrl,
    ssoJwt,
    throwawayAuth: credentialOf,
    // The impersonation actor tries to rename the agent it browses as.
    nickOf: (actor) => ({ agent2: 'AnaImpecable', sync: 'AnaImpecable', impersonation: 'Renombrada' } as Partial<Record<Actor, string>>)[actor] ?? `Nick${actor}`,
    videoId: 7,
    participationId: participation.id,
    answerUrl: `/api/${participation.id}/${question.id}/3/answer`,
    answerOptionId: question.option_id,
    repasoQuestionId: repasoItem.question_id,
    repasoOptionId: repasoOption.id,
    redeemBody: { product: price.id, value: price.valor_rings },
    couponCode: coupon.code,
    portraitPath: portrait.image_path,
    brand1Name: 'Marca 1',
    brand2Name: 'Marca 2',
    platformName: 'Plataforma Centro',
    siteName: 'Madrid Castellana',
    otherSiteName: 'Bilbao',
    platformAgentNick: target.nick_name ?? 'Suplantada',
    importFile: (rows) => ({ field: 'file', name: 'usuarios.csv', type: 'text/csv', bytes: csvOf([[...IMPORT_COLUMNS], ...rows]) }),
    selfPromotionRows: (actor) => promotions[actor],
    ringRingGrantRows: [importRow({ name: bruno.name, email: bruno.email, marca_id: bruno.brand_id, puntos_ring_ring: 999_999 })],
    ringRingInScopeRows: [importRow({ name: target.name, email: target.email, marca_id: target.brand_id, puntos_ring_ring: 5_000 })],
    timeGrantInScopeRows: [importRow({ name: target.name, email: target.email, marca_id: target.brand_id, tiempo_adaptado: 2 })],
    notificationId: notification.id,
    pushSubscription: {
      // A browser push service's address (push-target.ts); the matrix runs no job, so nothing is sent to it.
      endpoint: 'https://fcm.googleapis.com/fcm/send/matrix-device',
      keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    },
    queuedHeaders: async (actor, method, url, body) => (actor === 'sync'
      ? queuedRowHeaders(headers.sync.authorization?.slice('Bearer '.length) ?? '', matrixActionKey, { method, url, body, occurredAt: ctx.clock.now() })
      : {}),
  };
}
