import { crc32 } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegPhoto, multipart as photoForm, pngPhoto } from '#test-support/server/photos';
import { csvOf, multipart as fileForm, workbookZip, zipOf } from '#test-support/server/import-files';
import { sessionToken } from '#test-support/server/agents';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

// Hostile input: every case must get a clear Spanish 4xx (never a 5xx, a stack or SQL) and
// leave every table as it was. One table of cases; each one says which status it expects.
let ctx: TestContext;
let ana: string;
let admin: string;
let latam: string;
let portraitOfBruno = '';
let participation = { id: 0, question: 0, option: 0 };

const TABLES = ['users', 'log_events', 'points_ledger', 'orders', 'refaces', 'reface_images', 'video_progress', 'quiz_answers', 'user_imports', 'idempotency_records', 'jobs'] as const;

async function counts(): Promise<Record<string, number>> {
  const entries = await Promise.all(TABLES.map(async (t) => {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(t)}`.execute(ctx.db);
    return [t, rows[0]?.n ?? -1] as const;
  }));
  return Object.fromEntries(entries);
}

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  const user = (email: string) => ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  ana = await sessionToken(ctx, await user('ana@impecable.demo'));
  admin = await sessionToken(ctx, await user('admin@impecable.demo'));
  latam = await sessionToken(ctx, await user('latam@impecable.demo'));
  const bruno = await user('bruno@impecable.demo');
  portraitOfBruno = (await ctx.db.selectFrom('refaces').select('image_path').where('user_id', '=', bruno.id).executeTakeFirstOrThrow()).image_path ?? '';
  const anaId = (await user('ana@impecable.demo')).id;
  const { rows } = await sql<{ id: number; question: number; option: number }>`
    SELECT p.id, q.id AS question, o.id AS option FROM quiz_participations p
    JOIN quiz_questions q ON q.attribute_id = p.attribute_id AND q.quiz = p.quiz
    JOIN quiz_options o ON o.question_id = q.id
    WHERE p.user_id = ${anaId} AND p.attribute_id = 3 AND p.quiz = 1
      AND q.id NOT IN (SELECT question_id FROM quiz_answers WHERE participation_id = p.id)
    LIMIT 1`.execute(ctx.db);
  participation = rows[0] ?? participation;
});
afterAll(async () => {
  await ctx.close();
});

/** A PNG whose header claims `width`×`height` pixels around a tiny real image: a decompression bomb. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngPhoto(300, 300));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const nested = (depth: number, open: string, close: string, inner = '1') => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
const json = { 'content-type': 'application/json' };

interface Case {
  name: string;
  method?: 'GET' | 'POST';
  url: string;
  token?: () => string;
  headers?: Record<string, string>;
  payload?: () => Promise<string | Buffer | object> | string | Buffer | object;
  form?: () => Promise<{ payload: Buffer; headers: Record<string, string> }>;
  status: number;
}

const nick = (value: unknown): Partial<Case> => ({ url: '/api/crear-nickname', payload: () => ({ nick_name: value }) });
const progress = (value: unknown): Partial<Case> => ({ url: '/api/video/8/porcentaje', payload: () => ({ porcentaje: value }) });
const image = (path: string): Partial<Case> => ({ method: 'GET', url: `/api/download-image?path=${path}` });
const upload = (bytes: () => Promise<Buffer> | Buffer, contentType = 'image/jpeg', fields: Record<string, string> = { atributo_id: '3' }): Partial<Case> => ({
  url: '/api/refaces/upload',
  form: async () => photoForm(fields, { filename: 'foto.jpg', contentType, bytes: await bytes() }),
});
const importFile = (name: string, bytes: () => Buffer, type = 'application/octet-stream'): Partial<Case> => ({
  url: '/api/importar-usuario', token: () => admin, form: async () => fileForm(name, bytes(), type),
});

const CASES: Case[] = ([
  // Malformed and deeply nested JSON.
  { name: 'truncated JSON', url: '/api/log/register', headers: json, payload: () => '{"action":', status: 400 },
  { name: 'JSON with trailing garbage', url: '/api/log/register', headers: json, payload: () => '{"action":"x"} y', status: 400 },
  { name: 'an array instead of an object', url: '/api/log/register', headers: json, payload: () => '[1,2,3]', status: 400 },
  { name: 'a bare string', url: '/api/log/register', headers: json, payload: () => '"hola"', status: 400 },
  { name: 'JSON null', url: '/api/log/register', headers: json, payload: () => 'null', status: 400 },
  { name: '100 000 nested arrays (idempotent route)', url: '/api/log/register', headers: { ...json, 'idempotency-key': 'nested-1' }, payload: () => nested(100_000, '[', ']'), status: 400 },
  { name: '20 000 nested objects', url: '/api/crear-nickname', headers: json, payload: () => nested(20_000, '{"a":', '}'), status: 400 },
  { name: 'a __proto__ key', url: '/api/log/register', headers: json, payload: () => '{"action":"x","__proto__":{"isAdmin":true}}', status: 400 },
  { name: 'a constructor.prototype key', url: '/api/log/register', headers: json, payload: () => '{"action":"x","constructor":{"prototype":{"isAdmin":true}}}', status: 400 },
  // Oversize bodies and wrong content types.
  { name: 'a 2 MB JSON body', url: '/api/log/register', headers: json, payload: () => JSON.stringify({ action: 'x'.repeat(2 * 1024 * 1024) }), status: 413 },
  { name: 'text/plain', url: '/api/log/register', headers: { 'content-type': 'text/plain' }, payload: () => '{"action":"x"}', status: 400 },
  { name: 'application/xml', url: '/api/log/register', headers: { 'content-type': 'application/xml' }, payload: () => '<action>x</action>', status: 415 },
  { name: 'a form post', url: '/api/log/register', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: () => 'action=x', status: 415 },
  { name: 'JSON to the upload route', url: '/api/refaces/upload', headers: json, payload: () => ({ atributo_id: 3 }), status: 415 },
  // Spoofed images.
  { name: 'a text file named foto.jpg', ...upload(() => Buffer.from('no soy una foto'.repeat(100))), status: 400 },
  { name: 'PNG magic bytes and garbage', ...upload(() => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(5000, 7)]), 'image/png'), status: 400 },
  { name: 'a truncated JPEG', ...upload(async () => (await jpegPhoto()).subarray(0, 4000)), status: 400 },
  { name: 'an SVG with a script declared as PNG', ...upload(() => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script></svg>'), 'image/png'), status: 400 },
  { name: 'a GIF', ...upload(() => Buffer.from('47494638396101000100800000000000ffffff2c00000000010001000002024401003b', 'hex'), 'image/gif'), status: 400 },
  { name: 'a PNG claiming 60000×60000 pixels (decompression bomb)', ...upload(() => pngClaiming(60_000, 60_000), 'image/png'), status: 400 },
  { name: 'a 10×10 photo', ...upload(() => jpegPhoto(10, 10)), status: 400 },
  { name: 'an 11 MB photo', ...upload(async () => Buffer.concat([await jpegPhoto(), Buffer.alloc(11 * 1024 * 1024)])), status: 413 },
  { name: 'a photo for a made-up attribute', ...upload(() => jpegPhoto(), 'image/jpeg', { atributo_id: '99999999999999' }), status: 400 },
  { name: 'a photo with a negative attribute', ...upload(() => jpegPhoto(), 'image/jpeg', { atributo_id: '-3' }), status: 400 },
  // Spoofed spreadsheets and zip bombs.
  { name: 'a text file named usuarios.xlsx', ...importFile('usuarios.xlsx', () => Buffer.from('esto no es un excel')), status: 422 },
  { name: 'a PNG named usuarios.xlsx', ...importFile('usuarios.xlsx', () => Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')), status: 415 },
  { name: 'a zip that is not a workbook', ...importFile('usuarios.xlsx', () => zipOf([{ name: 'hola.txt', data: Buffer.from('hola') }])), status: 415 },
  { name: 'a zip bomb (a 60 MB sheet in a few KB)', ...importFile('usuarios.xlsx', () => workbookZip(Buffer.alloc(60 * 1024 * 1024, 0x20))), status: 413 },
  { name: 'a zip bomb lying about its size', ...importFile('usuarios.xlsx', () => workbookZip(Buffer.alloc(30 * 1024 * 1024, 0x20), 1000)), status: 413 },
  { name: 'a zip of 5000 entries', ...importFile('usuarios.xlsx', () => zipOf(Array.from({ length: 5000 }, (_, i) => ({ name: `x/${i}.xml`, data: Buffer.from('<x/>') })))), status: 413 },
  { name: 'binary garbage named usuarios.csv', ...importFile('usuarios.csv', () => Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37) % 256))), status: 415 },
  { name: 'a CSV without the expected columns', ...importFile('usuarios.csv', () => csvOf([['=cmd|calc', '@SUM(1)'], ['a', 'b']])), status: 422 },
  // Unicode and very long strings (nickname, events, names in paths).
  { name: 'a 10 000-character nickname', ...nick('x'.repeat(10_000)), status: 400 },
  { name: 'a nickname with a NUL byte', ...nick('Ana\u0000Admin'), status: 400 },
  { name: 'a nickname with a lone surrogate', ...nick('Ana\ud800'), status: 400 },
  { name: 'a nickname with a right-to-left override', ...nick('Ana\u202egnp.exe'), status: 400 },
  { name: 'a nickname of zero-width spaces', ...nick('\u200b\u200b\u200b'), status: 400 },
  { name: 'a nickname that is a number', ...nick(12345), status: 400 },
  // Ranking search and paging (query strings).
  { name: 'a 10 000-character ranking search', method: 'GET', url: `/api/ranking/global?search=${'ñ'.repeat(10_000)}`, status: 400 },
  { name: 'a ranking search with a NUL byte', method: 'GET', url: '/api/ranking/global?search=Ana%00', status: 400 },
  { name: 'ranking page -1', method: 'GET', url: '/api/ranking/global?page=-1', status: 400 },
  { name: 'a ranking page size of a million', method: 'GET', url: '/api/ranking/global?per_page=1000000', status: 400 },
  { name: 'a ranking page of 1e400', method: 'GET', url: '/api/ranking/global?page=1e400', status: 400 },
  { name: 'a log event with a NUL byte', url: '/api/log/register', payload: () => ({ action: 'Clic\u0000' }), status: 400 },
  { name: 'a log event of 100 000 characters', url: '/api/log/register', payload: () => ({ action: 'ñ'.repeat(100_000) }), status: 400 },
  { name: 'a 5000-character brand name', method: 'GET', url: `/api/navegacion-simulada/sedes/${'M'.repeat(5000)}`, token: () => admin, status: 414 },
  { name: 'a brand name with a NUL byte', method: 'GET', url: '/api/navegacion-simulada/sedes/Marca%002', token: () => admin, status: 400 },
  { name: 'a brand name of invalid percent-encoding', method: 'GET', url: '/api/navegacion-simulada/sedes/%E0%A4%A', token: () => admin, status: 400 },
  // Negative and huge numbers.
  { name: 'porcentaje -1', ...progress(-1), status: 400 },
  { name: 'porcentaje 101', ...progress(101), status: 400 },
  { name: 'porcentaje 1e308', url: '/api/video/8/porcentaje', headers: json, payload: () => '{"porcentaje":1e308}', status: 400 },
  { name: 'porcentaje 50.5', ...progress(50.5), status: 400 },
  { name: 'porcentaje as text', ...progress('100'), status: 400 },
  { name: 'a video id beyond PostgreSQL integers', url: '/api/video/99999999999/porcentaje', payload: () => ({ porcentaje: 10 }), status: 400 },
  { name: 'video id 0', url: '/api/video/0/porcentaje', payload: () => ({ porcentaje: 10 }), status: 400 },
  { name: 'a prize id beyond 2^53', url: '/api/cheque-motiva/cangear', headers: json, payload: () => '{"product":9007199254740993,"value":100}', status: 400 },
  { name: 'a prize id beyond PostgreSQL integers', url: '/api/cheque-motiva/cangear', payload: () => ({ product: 3_000_000_000, value: 100 }), status: 400 },
  { name: 'a negative price', url: '/api/cheque-motiva/cangear', payload: () => ({ product: 1, value: -100 }), status: 400 },
  { name: 'a negative answer time', url: () => '', payload: () => ({ respuesta_id: participation.option, elapsed_ms: -1 }), status: 400 },
  { name: 'an answer time of 10^12 ms', url: () => '', payload: () => ({ respuesta_id: participation.option, elapsed_ms: 1e12 }), status: 400 },
  { name: 'an answer id of 2^31', url: () => '', payload: () => ({ respuesta_id: 2 ** 31, elapsed_ms: 3000 }), status: 400 },
  // Path tricks in /download-image.
  { name: '../../etc/passwd', ...image('../../etc/passwd'), status: 404 },
  { name: 'a traversal inside refaces/', ...image('refaces/1/../../../etc/passwd'), status: 404 },
  { name: 'percent-encoded dots', ...image('%252e%252e%252fetc%252fpasswd'), status: 404 },
  { name: 'an absolute path', ...image('%2Fetc%2Fpasswd'), status: 404 },
  { name: 'a NUL byte before the extension', ...image('refaces/1/x.jpg%00.png'), status: 400 },
  { name: 'backslashes', ...image('refaces%5C1%5C..%5C..%5Cx'), status: 404 },
  { name: 'another user\u2019s portrait', method: 'GET', url: () => `/api/download-image?path=${encodeURIComponent(portraitOfBruno)}`, status: 404 },
  { name: 'no path at all', method: 'GET', url: '/api/download-image', status: 400 },
  { name: 'a 5000-character path', ...image('a'.repeat(5000)), status: 400 },
  // Headers.
  { name: 'a 300-character Idempotency-Key', url: '/api/log/register', headers: { 'idempotency-key': 'k'.repeat(300) }, payload: () => ({ action: 'x' }), status: 400 },
  { name: 'an Idempotency-Key with spaces and accents', url: '/api/log/register', headers: { 'idempotency-key': 'clave con acentos ñ' }, payload: () => ({ action: 'x' }), status: 400 },
  { name: 'a 10 KB bearer token', method: 'GET', url: '/api/imps', token: () => 'x'.repeat(10_000), status: 401 },
] as Array<Omit<Case, 'url'> & { url: string | (() => string) }>).map((c) => ({
  ...c,
  url: typeof c.url === 'function' ? c.url() || '' : c.url,
  lazyUrl: typeof c.url === 'function' ? c.url : null,
})) as Case[];

describe(`hostile input: ${CASES.length} cases`, () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s → clear 4xx, nothing stored', async (_name, c) => {
    const lazy = (c as Case & { lazyUrl: (() => string) | null }).lazyUrl;
    const url = lazy ? (lazy() || `/api/${participation.id}/${participation.question}/3/answer`) : c.url;
    const before = await counts();
    const form = c.form ? await c.form() : null;
    const res = await ctx.app.inject({
      method: c.method ?? 'POST',
      url,
      headers: { ...bearer((c.token ?? (() => ana))()), ...c.headers, ...form?.headers },
      payload: form ? form.payload : c.payload ? await c.payload() : undefined,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(c.status);
    const body = res.json() as { success: boolean; error: string };
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/^[^\n]{3,300}$/);
    expect(res.body).not.toMatch(/at .*\.ts:\d+|SELECT |INSERT |stack/i);
    expect(await counts()).toEqual(before);
  });
});

describe('formula injection in every export', () => {
  it('the LATAM order summary (Resumen-pedidos.xlsx) shows formulas as text, never runs them', async () => {
    const evil = ['=HYPERLINK("http://malo.example","clic")', '+1+1', '-2+3', '@SUM(A1:A2)', '\t=1+1', '\r=1+1'];
    const product = await ctx.db.selectFrom('products').select(['id']).executeTakeFirstOrThrow();
    const value = await ctx.db.selectFrom('product_values').select(['id']).where('product_id', '=', product.id).executeTakeFirstOrThrow();
    for (const [i, text] of evil.entries()) {
      const user = await ctx.db.insertInto('users').values({ email: `formula${i}@impecable.demo`, name: text, nick_name: `Formula${i}`, brand_id: 2 }).returning('id').executeTakeFirstOrThrow();
      await ctx.db.insertInto('orders').values({
        user_id: user.id, premio_id: product.id, value_id: value.id, nombre_producto: text, puntos: 100, status: 'issued', validity_start: new Date(),
      }).execute();
    }
    const res = await ctx.app.inject({ method: 'GET', url: '/api/descargar-listado-latam', headers: bearer(latam) });
    expect(res.statusCode).toBe(200);
    const book = XLSX.read(res.rawPayload, { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''] ?? {};
    const cells = Object.entries(sheet).filter(([ref]) => !ref.startsWith('!')).map(([, cell]) => cell as XLSX.CellObject);
    expect(cells.filter((cell) => cell.f !== undefined)).toEqual([]);
    const texts = cells.map((cell) => String(cell.v));
    for (const text of evil) {
      // Kept exactly as written (a string cell, never a formula), with no visible apostrophe.
      expect(texts.filter((t) => t === text).length, text).toBeGreaterThanOrEqual(2);
      expect(texts, text).not.toContain(`'${text}`);
    }
  });
});
