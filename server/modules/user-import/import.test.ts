import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, IMPORT_WRONG_TYPE, importResponseSchema } from '#contract/admin';
import { credit } from '#test-support/server/rankings';
import { readFirstSheet } from '#server/spreadsheets/write';
import { tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';
import { NOT_CORPORATE, TOO_BIG_EXPANDED } from './service.ts';
import { csvOf, multipart, workbookZip, xlsOf, xlsxOf, type Rows } from '#test-support/server/import-files';

let ctx: TestContext;
let admin: string;
const HEADER = [...IMPORT_COLUMNS];

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  admin = await tokenFor(ctx, await userByEmail(ctx.db, 'admin@impecable.demo'));
});
afterAll(async () => {
  await ctx.close();
});

const upload = (fileName: string, bytes: Buffer, token = admin) => {
  const { payload, headers } = multipart(fileName, bytes);
  return ctx.app.inject({ method: 'POST', url: '/api/importar-usuario', payload, headers: { ...headers, ...bearer(token) }, remoteAddress: '198.51.100.4' });
};
const imported = async (fileName: string, bytes: Buffer) => {
  const res = await upload(fileName, bytes);
  expect(res.statusCode, res.body).toBe(200);
  return importResponseSchema.parse(res.json());
};
const userCount = async () => Number((await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const placeOf = async (email: string) => ctx.db.selectFrom('users')
  .leftJoin('sites', 'sites.id', 'users.site_id').leftJoin('platforms', 'platforms.id', 'users.platform_id')
  .select(['users.name', 'users.nick_name', 'users.perfil', 'users.role', 'users.division', 'users.brand_id', 'users.puntos_ring_ring', 'sites.name as sede', 'platforms.name as plataforma'])
  .where('users.email', '=', email).executeTakeFirst();

describe('valid files, each format checked by its content', () => {
  it('an .xlsx creates new users and updates existing ones (empty cells keep what is stored)', async () => {
    const rows: Rows = [
      HEADER,
      ['Eva Ruiz Prieto', 'Eva.Prieto@cliente.example', 'EvaPrieto', 'agente', '', 'Ventas', 2, 'Plataforma Norte', 'Bilbao', null],
      ['Iker Sanz', 'iker@cliente.example', null, null, 'interno', null, 1, null, null, 300],
      ['Ana García Romero', 'ANA@impecable.demo', null, null, null, 'Retención', 2, null, null, null],
    ];
    const answer = await imported('usuarios.xlsx', xlsxOf(rows));
    expect(answer).toMatchObject({ users_created: 2, users_updated: 1, duplicados: [] });
    expect(answer.message).toBe('Importación completada: 2 usuarios creados y 1 actualizado.');
    expect(await placeOf('eva.prieto@cliente.example')).toEqual({
      name: 'Eva Ruiz Prieto', nick_name: 'EvaPrieto', perfil: '', role: 'agente', division: 'Ventas', brand_id: 2, puntos_ring_ring: 0, sede: 'Bilbao', plataforma: 'Plataforma Norte',
    });
    expect(await placeOf('iker@cliente.example')).toMatchObject({ perfil: 'INTERNO', role: 'agente', brand_id: 1, puntos_ring_ring: 300, sede: null });
    expect(await placeOf('ana@impecable.demo')).toMatchObject({ nick_name: 'AnaImpecable', division: 'Retención', sede: 'Madrid Castellana' });
    const [log] = await ctx.db.selectFrom('user_imports').selectAll().execute();
    expect(log).toMatchObject({ file_name: 'usuarios.xlsx', file_type: 'xlsx', users_created: 2, users_updated: 1, duplicates: 0, ip: '198.51.100.4' });
  });

  it('an imported user can sign in (members only)', async () => {
    await expect(ctx.signIn('eva.prieto@cliente.example')).resolves.toEqual(expect.any(String));
  });

  it('an .xls (BIFF8) file imports the same way, Ring Ring points included', async () => {
    const answer = await imported('usuarios.xls', xlsOf([HEADER, ['Bruno Martín Sáez', 'bruno@impecable.demo', null, null, null, null, 1, null, null, 2000], ['Olga Pons', 'olga@cliente.example', 'OlgaP', null, null, null, 1, null, 'Oviedo', 0]]));
    expect(answer).toMatchObject({ users_created: 1, users_updated: 1 });
    expect(await placeOf('bruno@impecable.demo')).toMatchObject({ puntos_ring_ring: 2000 });
    expect(await placeOf('olga@cliente.example')).toMatchObject({ sede: 'Oviedo', plataforma: 'Plataforma Norte' });
  });

  it('a .csv with semicolons, BOM and accents creates a new site under its platform', async () => {
    const answer = await imported('usuarios.csv', csvOf([HEADER, ['Íñigo Núñez', 'inigo@cliente.example', 'Íñigo', '', '', '', 2, 'Plataforma Andes', 'Cusco', '']]));
    expect(answer).toMatchObject({ users_created: 1, users_updated: 0 });
    expect(await placeOf('inigo@cliente.example')).toMatchObject({ name: 'Íñigo Núñez', nick_name: 'Íñigo', sede: 'Cusco', plataforma: 'Plataforma Andes' });
  });

  it('a .csv saved by an older Excel (Windows-1252, commas) keeps its accents', async () => {
    const bytes = Buffer.from([...Buffer.from('name,email,marca_id\r\nJos'), 0xe9, ...Buffer.from(' Pe'), 0xf1, ...Buffer.from('a,jose@cliente.example,2\r\n')]);
    expect(await imported('viejo.csv', bytes)).toMatchObject({ users_created: 1 });
    expect(await placeOf('jose@cliente.example')).toMatchObject({ name: 'José Peña' });
  });

  it('the template downloads without a session and imports as it is', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/importar-usuario/plantilla' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="importar-usuarios.xlsx"');
    expect(readFirstSheet(res.rawPayload)[0]).toEqual(HEADER);
    expect(await imported('importar-usuarios.xlsx', res.rawPayload)).toMatchObject({ users_created: 2, users_updated: 0 });
  });
});

describe('duplicates and invalid rows', () => {
  it('a repeated e-mail keeps its first row; the later ones are reported and not imported', async () => {
    const answer = await imported('dup.csv', csvOf([HEADER, ['Primera', 'dup@cliente.example', null, null, null, null, 2, null, null, null], ['Segunda', 'DUP@cliente.example', null, null, null, null, 2, null, null, null]]));
    expect(answer).toMatchObject({ users_created: 1, users_updated: 0, duplicados: [{ fila: 3, email: 'dup@cliente.example', error: 'Email repetido (ya aparece en la fila 2)' }] });
    expect(answer.message).toBe('Importación completada: 1 usuario creado y 0 actualizados. 1 fila con email repetido no se importó (fila 3).');
    expect(await placeOf('dup@cliente.example')).toMatchObject({ name: 'Primera' });
  });

  it('invalid rows are reported by row number and nothing is stored', async () => {
    const before = await userCount();
    const res = await upload('malo.xlsx', xlsxOf([
      HEADER,
      ['Válido', 'valido@cliente.example', null, null, null, null, 2, null, null, null],
      ['Sin email', '', null, null, null, null, 2, null, null, null],
      ['Perfil raro', 'raro@cliente.example', null, null, 'jefe', null, 2, null, null, null],
    ]));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Ningún usuario importado\. Filas no válidas: fila 3: Falta el email; fila 4: El perfil "jefe" no existe/),
      errores: [{ fila: 3, error: 'Falta el email' }, { fila: 4, email: 'raro@cliente.example' }],
    });
    expect(await userCount()).toBe(before);
  });

  it('a row that clashes with the stored data rolls back everything, sites created for earlier rows included', async () => {
    const before = await userCount();
    const res = await upload('conflicto.csv', csvOf([
      HEADER,
      ['Nueva Sede', 'nuevasede@cliente.example', null, null, null, null, 2, 'Plataforma Atlántida', 'Atlántida', null],
      ['Sede cruzada', 'cruzada@cliente.example', null, null, null, null, 2, 'Plataforma Sur', 'Bilbao', null],
      ['Nick ajeno', 'ajeno@cliente.example', 'AnaImpecable', null, null, null, 2, null, null, null],
    ]));
    expect(res.statusCode).toBe(422);
    expect(res.json().errores).toEqual([
      { fila: 3, email: 'cruzada@cliente.example', error: 'La sede "Bilbao" pertenece a la plataforma "Plataforma Norte"' },
      { fila: 4, email: 'ajeno@cliente.example', error: 'El Nick Name "AnaImpecable" ya lo usa otro usuario' },
    ]);
    expect(await userCount()).toBe(before);
    expect(await ctx.db.selectFrom('sites').select('id').where('name', '=', 'Atlántida').executeTakeFirst()).toBeUndefined();
    expect(await ctx.db.selectFrom('platforms').select('id').where('name', '=', 'Plataforma Atlántida').executeTakeFirst()).toBeUndefined();
  });

  it('a sheet without the required columns is refused', async () => {
    const res = await upload('columnas.csv', csvOf([['email', 'nick'], ['a@cliente.example', 'A']]));
    expect([res.statusCode, res.json().error]).toEqual([422, 'Faltan columnas obligatorias: name, marca_id']);
  });
});

describe('files that are refused before parsing', () => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

  it.each([
    ['a PNG named .png', 'foto.png', PNG],
    ['a PNG renamed .xlsx', 'foto.xlsx', PNG],
    ['a text file named .txt', 'notas.txt', Buffer.from('name,email,marca_id\n')],
    ['a zip that is not a workbook', 'otro.xlsx', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])],
  ])('%s: 415 with the spec text', async (_name, fileName, bytes) => {
    const res = await upload(fileName, bytes);
    expect([res.statusCode, res.json().error]).toEqual([415, IMPORT_WRONG_TYPE]);
  });

  it('a zip bomb (60 MB of zeros in a few KB) is refused from its central directory, before expansion', async () => {
    const bomb = workbookZip(Buffer.alloc(60 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(200 * 1024);
    const before = await userCount();
    const res = await upload('bomba.xlsx', bomb);
    expect([res.statusCode, res.json().error]).toEqual([413, TOO_BIG_EXPANDED]);
    expect(await userCount()).toBe(before);
  });

  it('a zip whose directory lies about sizes is refused without inflating past the declared size', async () => {
    const res = await upload('mentira.xlsx', workbookZip(Buffer.alloc(2 * 1024 * 1024, 0x41), 1_000));
    expect([res.statusCode, res.json().error]).toEqual([413, TOO_BIG_EXPANDED]);
  });

  it('a file over 5 MB is refused with 413', async () => {
    const res = await upload('enorme.csv', Buffer.alloc(5 * 1024 * 1024 + 10, 0x61));
    expect([res.statusCode, res.json().error]).toEqual([413, 'El archivo es demasiado grande (máximo 5 MB)']);
  });

  it('a request that is not multipart is refused with 415', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/importar-usuario', payload: { file: 'x' }, headers: bearer(admin) });
    expect(res.statusCode).toBe(415);
  });
});

describe('who may import', () => {
  it('refuses an e-mail outside the corporate domain, whatever its profile', async () => {
    const outsider = await ctx.db.insertInto('users').values({ email: 'jefa@cliente.example', name: 'Jefa', nick_name: 'Jefa', perfil: 'admin', brand_id: 2 }).returningAll().executeTakeFirstOrThrow();
    const res = await upload('usuarios.csv', csvOf([HEADER, ['X', 'x@cliente.example', null, null, null, null, 2, null, null, null]]), await tokenFor(ctx, outsider));
    expect([res.statusCode, res.json().error]).toEqual([403, NOT_CORPORATE]);
    expect(await placeOf('x@cliente.example')).toBeUndefined();
  });

  it('honours CORPORATE_DOMAIN case-insensitively', async () => {
    const other = await createTestApp({ env: { CORPORATE_DOMAIN: 'CLIENTE.example' } });
    try {
      const jefa = await other.db.insertInto('users').values({ email: 'Jefa@Cliente.Example', name: 'Jefa', brand_id: 2, perfil: 'INTERNO' }).returningAll().executeTakeFirstOrThrow();
      const { payload, headers } = multipart('u.csv', csvOf([HEADER, ['Y', 'y@cliente.example', null, null, null, null, 2, null, null, null]]));
      const ok = await other.app.inject({ method: 'POST', url: '/api/importar-usuario', payload, headers: { ...headers, ...bearer(await tokenFor(other, jefa)) } });
      expect(ok.statusCode).toBe(200);
      const adminToken = await tokenFor(other, await userByEmail(other.db, 'admin@impecable.demo'));
      const refused = await other.app.inject({ method: 'POST', url: '/api/importar-usuario', payload, headers: { ...headers, ...bearer(adminToken) } });
      expect(refused.statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('an agent imported as a supervisor leaves the rankings at once', async () => {
    const rafa = await ctx.db.insertInto('users').values({ email: 'rafa.rank@cliente.example', name: 'Rafa', nick_name: 'RafaRank', brand_id: 2 })
      .returningAll().executeTakeFirstOrThrow();
    await credit(ctx.db, rafa.id, 5, 3, new Date('2025-06-20T09:00:00Z'));
    const inRanking = async () => (await ctx.app.inject({ method: 'GET', url: '/api/ranking/global?search=RafaRank', headers: bearer(admin) }))
      .json<{ data: { nick_name: string }[] }>().data.map((r) => r.nick_name);
    expect(await inRanking()).toEqual(['RafaRank']);
    await imported('u.csv', csvOf([HEADER, ['Rafa', 'rafa.rank@cliente.example', null, null, 'INTERNO', null, 2, null, null, null]]));
    expect(await inRanking()).toEqual([]);
  });

  it('refuses an agent of the corporate domain (only staff import)', async () => {
    const ana = await tokenFor(ctx, await userByEmail(ctx.db, 'ana@impecable.demo'));
    const res = await upload('usuarios.csv', csvOf([HEADER, ['Z', 'z2@cliente.example', null, null, 'admin', null, 2, null, null, null]]), ana);
    expect([res.statusCode, res.json().error]).toEqual([403, NOT_CORPORATE]);
    expect(await ctx.db.selectFrom('users').select('id').where('email', '=', 'z2@cliente.example').executeTakeFirst()).toBeUndefined();
  });

  it('refuses an impersonation session', async () => {
    const admin0 = await userByEmail(ctx.db, 'admin@impecable.demo');
    const asAgent = await tokenFor(ctx, await userByEmail(ctx.db, 'ana@impecable.demo'), admin0.id);
    const res = await upload('usuarios.csv', csvOf([HEADER, ['Z', 'z@cliente.example', null, null, null, null, 2, null, null, null]]), asAgent);
    // Refused before the route (the auth plugin: an impersonation session never writes) or by the service.
    expect([res.statusCode, res.json().error]).toEqual([403, expect.stringMatching(/navegación simulada/i)]);
    expect(await placeOf('z@cliente.example')).toBeUndefined();
  });

  it('needs a session', async () => {
    const { payload, headers } = multipart('u.csv', csvOf([HEADER]));
    expect((await ctx.app.inject({ method: 'POST', url: '/api/importar-usuario', payload, headers })).statusCode).toBe(401);
  });
});
