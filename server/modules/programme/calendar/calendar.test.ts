// Programa › Calendario y atributos over real HTTP on a seeded PGlite (2025-06-20: De Valor in
// April and Resolutivo in May closed, Accesible in June running, 4-7 disabled): what the admin
// reads and changes, every refusal (a Spanish 4xx and nothing changed: attributes, the change
// log and the media index compared before and after), uploads, and what agents then read.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { attributesResponseSchema } from '#contract/attributes';
import { programmeAttributeResponseSchema, programmeCalendarResponseSchema, type AttributeUpdateBody, type ProgrammeAttribute } from '#contract/programme-calendar';
import { runMonthEnd } from '#server/modules/rankings/month-end';
import { demoAttributeContent } from '#server/seed/demo-content/attributes';
import { TINY_PNG } from '#test-support/server/programme-matrix/calendar';
import { bearer, createTestApp, mediaCookie, type TestContext } from '#test-support/server/test-app';

let ctx: TestContext;
let admin: Record<string, string>;
const NOW = new Date('2025-06-20T10:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp({ now: NOW });
  admin = bearer(await ctx.signIn('admin@impecable.demo'));
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(() => {
  ctx.clock.set(NOW);
});

async function calendar(): Promise<ProgrammeAttribute[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/programa/calendario', headers: admin });
  expect(res.statusCode).toBe(200);
  return programmeCalendarResponseSchema.parse(res.json()).atributos;
}

async function attribute(id: number): Promise<ProgrammeAttribute> {
  const found = (await calendar()).find((a) => a.id === id);
  if (!found) throw new Error(`no attribute ${id}`);
  return found;
}

/** The PUT body that writes `entry` back as it is, with `changes`. */
function bodyOf(entry: ProgrammeAttribute, changes: Partial<AttributeUpdateBody> = {}): AttributeUpdateBody {
  const { nombre, enabled, month_start, month_end, quiz2_opens_at, sync_grace_hours, color, tagline, definition, personality, language } = entry;
  return { nombre, enabled, month_start, month_end, quiz2_opens_at, sync_grace_hours, color, tagline, definition, personality, language, ...changes };
}

const put = (id: number | string, payload: unknown, headers = admin) =>
  ctx.app.inject({ method: 'PUT', url: `/api/programa/atributos/${id}`, headers, payload: payload as object });

/** Everything a refused request must leave as it was. */
async function snapshot() {
  return {
    attributes: await ctx.db.selectFrom('attributes').selectAll().orderBy('id').execute(),
    changes: (await ctx.db.selectFrom('content_changes').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    media: await ctx.db.selectFrom('media_files').select('key').orderBy('key').execute(),
  };
}

function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----calendar${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (id: number, fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) => {
  const { payload, headers } = multipart(fields, file);
  return ctx.app.inject({ method: 'POST', url: `/api/programa/atributos/${id}/arte`, headers, payload });
};

describe('GET /api/programa/calendario', () => {
  it('lists the seven attributes with their dates, content and state today', async () => {
    const list = await calendar();
    expect(list.map((a) => [a.id, a.nombre, a.estado, a.iniciado, a.congelado, a.month_start, a.quiz2_opens_at, a.sync_grace_hours])).toEqual([
      [1, 'De Valor', 'cerrado', true, true, '2025-04-01', '2025-04-15', 72],
      [2, 'Resolutivo', 'cerrado', true, true, '2025-05-01', '2025-05-15', 72],
      [3, 'Accesible', 'en-curso', true, false, '2025-06-01', '2025-06-15', 72],
      [6, 'Confiable', 'proximamente', false, false, null, null, 72],
      [4, 'Transversal', 'proximamente', false, false, null, null, 72],
      [5, 'Proactivo', 'proximamente', false, false, null, null, 72],
      [7, 'Con Estilo', 'proximamente', false, false, null, null, 72],
    ]);
    const accesible = list.find((a) => a.id === 3);
    expect(accesible).toMatchObject({ ...demoAttributeContent(3), logo_url: null, banner_url: null });
  });
});

describe('PUT /api/programa/atributos/:id', () => {
  it('schedules a month (Quiz 2 on the 15th by default), records the change, and agents read the new content', async () => {
    const before = await attribute(4);
    const res = await put(4, bodyOf(before, {
      enabled: true, month_start: '2025-07-01', month_end: '2025-07-31', quiz2_opens_at: null, sync_grace_hours: 96,
      nombre: '  Transversal  ', color: '#AA00CC', tagline: 'Un equipo, un cliente.', personality: ['Coordina.', '  ', 'Comparte.'], language: ['«Lo vemos juntos».'],
    }));
    expect(res.statusCode, res.body).toBe(200);
    const saved = programmeAttributeResponseSchema.parse(res.json()).atributo;
    expect(saved).toMatchObject({
      nombre: 'Transversal', enabled: true, month_start: '2025-07-01', month_end: '2025-07-31', quiz2_opens_at: '2025-07-15', sync_grace_hours: 96,
      color: '#aa00cc', tagline: 'Un equipo, un cliente.', personality: ['Coordina.', 'Comparte.'], language: ['«Lo vemos juntos».'], estado: 'programado', iniciado: false,
    });

    const log = await ctx.db.selectFrom('content_changes').selectAll().where('entity_id', '=', '4').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ area: 'calendario', entity: 'attribute', action: 'updated' });
    expect(log.before).toMatchObject({ enabled: false, month_start: null, color: before.color });
    expect(log.after).toMatchObject({ enabled: true, month_start: '2025-07-01', quiz2_opens_at: '2025-07-15', color: '#aa00cc' });

    const agent = bearer(await ctx.signIn('ana@impecable.demo'));
    const read = await ctx.app.inject({ method: 'GET', url: '/api/atributos', headers: agent });
    const transversal = attributesResponseSchema.parse(read.json()).atributos.find((a) => a.id === 4);
    expect(transversal).toMatchObject({
      enabled: true, month_start: '2025-07-01', tagline: 'Un equipo, un cliente.', color: '#aa00cc', personality: ['Coordina.', 'Comparte.'], definition: before.definition,
    });
  });

  it('writes nothing to the change log when nothing changed', async () => {
    const before = await snapshot();
    const res = await put(5, bodyOf(await attribute(5)));
    expect(res.statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('lets a running month change its texts and extend its close and grace', async () => {
    const accesible = await attribute(3);
    const res = await put(3, bodyOf(accesible, { definition: 'Nueva definición.', month_end: '2025-06-30', sync_grace_hours: 120 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(programmeAttributeResponseSchema.parse(res.json()).atributo).toMatchObject({ definition: 'Nueva definición.', sync_grace_hours: 120 });
  });

  const long = (n: number) => 'x'.repeat(n);
  const refusals: { about: string; id: number; changes: Partial<AttributeUpdateBody> | ((a: ProgrammeAttribute) => unknown); status: number; message: RegExp }[] = [
    { about: 'an empty name', id: 5, changes: { nombre: '   ' }, status: 400, message: /nombre no puede estar vacío/ },
    { about: 'a name of 41 characters', id: 5, changes: { nombre: long(41) }, status: 400, message: /más de 40 caracteres/ },
    { about: 'a colour that is not #rrggbb', id: 5, changes: { color: 'red' }, status: 400, message: /#rrggbb/ },
    { about: 'a colour with a script', id: 5, changes: { color: '#fff"><script>' }, status: 400, message: /#rrggbb/ },
    { about: '13 personality lines', id: 5, changes: { personality: Array.from({ length: 13 }, (_, i) => `Rasgo ${i}`) }, status: 400, message: /más de 12 líneas/ },
    { about: 'a language line of 201 characters', id: 5, changes: { language: ['ok', long(201)] }, status: 400, message: /línea 2 de lenguaje.*200/ },
    { about: 'a definition of 5000 characters', id: 5, changes: { definition: long(5000) }, status: 400, message: /definición/ },
    { about: 'enabling without dates', id: 5, changes: { enabled: true }, status: 400, message: /indica las fechas/ },
    { about: 'a start after the close', id: 5, changes: { month_start: '2025-09-30', month_end: '2025-09-01' }, status: 400, message: /anterior a su inicio/ },
    { about: 'Quiz 2 outside the month', id: 5, changes: { month_start: '2025-09-01', month_end: '2025-09-30', quiz2_opens_at: '2025-10-02' }, status: 400, message: /Quiz 2 debe abrirse entre/ },
    { about: 'only a start date', id: 5, changes: { month_start: '2025-09-01' }, status: 400, message: /a la vez/ },
    { about: 'a day that does not exist', id: 5, changes: { month_start: '2025-02-30', month_end: '2025-03-30' }, status: 400, message: /no es un día válido/ },
    { about: 'a grace of 1000 hours', id: 5, changes: { sync_grace_hours: 1000 }, status: 400, message: /entre 0 y 720/ },
    { about: 'a month overlapping Accesible', id: 5, changes: { enabled: true, month_start: '2025-06-25', month_end: '2025-07-20' }, status: 409, message: /se solapan con el mes de Accesible/ },
    { about: 'moving the start of a running month', id: 3, changes: { month_start: '2025-06-02' }, status: 409, message: /ya empezó: su fecha de inicio/ },
    { about: 'disabling a running month', id: 3, changes: { enabled: false }, status: 409, message: /no se puede desactivar/ },
    { about: 'closing a running month earlier', id: 3, changes: { month_end: '2025-06-25' }, status: 409, message: /solo puede ampliarse/ },
    { about: 'a shorter grace for a running month', id: 3, changes: { sync_grace_hours: 24 }, status: 409, message: /margen de sincronización solo puede ampliarse/ },
    { about: 'moving an opened Quiz 2', id: 3, changes: { quiz2_opens_at: '2025-06-22' }, status: 409, message: /Quiz 2 de Accesible ya se abrió/ },
    { about: 'a frozen month moved', id: 2, changes: { month_start: '2025-05-02' }, status: 409, message: /^El mes de Resolutivo ya tiene sus ganadores congelados/ },
    { about: 'a body without the lists', id: 5, changes: (a) => ({ ...bodyOf(a), personality: undefined }), status: 400, message: /personality/ },
    { about: 'a name that is a number', id: 5, changes: (a) => ({ ...bodyOf(a), nombre: 7 }), status: 400, message: /nombre/ },
    { about: 'no JSON body', id: 5, changes: () => undefined, status: 400, message: /Datos no válidos/ },
  ];

  it.each(refusals)('refuses $about with a clear message and changes nothing', async ({ id, changes, status, message }) => {
    const entry = await attribute(id);
    const before = await snapshot();
    const res = await put(id, typeof changes === 'function' ? changes(entry) : bodyOf(entry, changes));
    expect(res.statusCode, res.body).toBe(status);
    expect((res.json() as { error: string }).error).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for an attribute that does not exist', async () => {
    const res = await put(99, bodyOf(await attribute(5)));
    expect(res.statusCode).toBe(404);
    expect((res.json() as { error: string }).error).toBe('No existe ese atributo');
  });

  it('refuses every change, texts and art included, once a month is frozen (the seed froze April)', async () => {
    {
      const entry = await attribute(1);
      expect(entry.congelado).toBe(true);
      const before = await snapshot();
      const texts = await put(1, bodyOf(entry, { tagline: 'Otra línea' }));
      expect(texts.statusCode).toBe(409);
      expect((texts.json() as { error: string }).error).toBe('El mes de De Valor ya tiene sus ganadores congelados: es de solo lectura y no se puede cambiar');
      expect((await upload(1, { kind: 'logo' }, { name: 'logo.png', type: 'image/png', bytes: TINY_PNG })).statusCode).toBe(409);
      expect((await ctx.app.inject({ method: 'DELETE', url: '/api/programa/atributos/1/arte/logo', headers: admin })).statusCode).toBe(409);
      expect(await snapshot()).toEqual(before);
    }
  });

  it('refuses an admin browsing as an agent, before reading the body', async () => {
    const agentNick = (await ctx.db.selectFrom('users').select('nick_name').where('email', '=', 'ana@impecable.demo').executeTakeFirstOrThrow()).nick_name;
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login-as-user', headers: admin, payload: { nick_name: agentNick } });
    const impersonating = bearer((login.json() as { data: { token: string } }).data.token);
    const before = await snapshot();
    const res = await put(5, bodyOf(await attribute(5), { nombre: 'Intruso' }), impersonating);
    expect(res.statusCode).toBe(403);
    expect((res.json() as { error: string }).error).toMatch(/Navegación simulada|navegas como otra persona/);
    const agent = await put(5, { nombre: 1 }, bearer(await ctx.signIn('ana@impecable.demo')));
    expect(agent.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the month\'s own late-sync grace', () => {
  it('decides when the month-end job freezes the month\'s winners', async () => {
    const accesible = await attribute(3);
    expect((await put(3, bodyOf(accesible, { sync_grace_hours: 144 }))).statusCode).toBe(200);
    // June ends at 2025-06-30T22:00Z (Madrid); 72 h later the default grace would be over.
    expect((await runMonthEnd(ctx.db, new Date('2025-07-04T12:00:00Z'))).frozen).not.toContain(3);
    expect((await attribute(3)).congelado).toBe(false);
    expect((await runMonthEnd(ctx.db, new Date('2025-07-06T22:00:00Z'))).frozen).toContain(3);
    expect((await attribute(3)).congelado).toBe(true);
  });
});

describe('POST /api/programa/atributos/:id/arte', () => {
  it('stores a PNG logo in the media store and serves it; DELETE goes back to the built-in art', async () => {
    const res = await upload(6, { kind: 'logo' }, { name: 'confiable.png', type: 'image/png', bytes: TINY_PNG });
    expect(res.statusCode, res.body).toBe(200);
    const { logo_url: url } = programmeAttributeResponseSchema.parse(res.json()).atributo;
    expect(url).toMatch(/^\/media\/u\/[0-9a-f]{64}\.png$/);
    // Members only: the cookie an authenticated answer sets carries the admin's token.
    const served = await ctx.app.inject({ method: 'GET', url: url!, headers: mediaCookie((admin.authorization ?? '').replace('Bearer ', '')) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    const log = await ctx.db.selectFrom('content_changes').selectAll().where('entity_id', '=', '6').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ area: 'calendario', action: 'logo-uploaded', before: { logo_url: null }, after: { logo_url: url } });

    const agent = bearer(await ctx.signIn('ana@impecable.demo'));
    const read = attributesResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/atributos', headers: agent })).json());
    expect(read.atributos.find((a) => a.id === 6)?.logo_url).toBe(url);

    const reset = await ctx.app.inject({ method: 'DELETE', url: '/api/programa/atributos/6/arte/logo', headers: admin });
    expect(reset.statusCode).toBe(200);
    expect(programmeAttributeResponseSchema.parse(reset.json()).atributo.logo_url).toBeNull();
  });

  it('stores an SVG banner with a script, served only sandboxed', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>');
    const res = await upload(6, { kind: 'banner' }, { name: 'banner.svg', type: 'image/svg+xml', bytes: svg });
    expect(res.statusCode, res.body).toBe(200);
    const url = programmeAttributeResponseSchema.parse(res.json()).atributo.banner_url!;
    const served = await ctx.app.inject({ method: 'GET', url, headers: mediaCookie((admin.authorization ?? '').replace('Bearer ', '')) });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  const oversize = Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024)]);
  const hostile: { about: string; fields: Record<string, string>; file?: { name: string; type: string; bytes: Buffer }; status: number; message: RegExp }[] = [
    { about: 'a .png that is really text', fields: { kind: 'logo' }, file: { name: 'logo.png', type: 'image/png', bytes: Buffer.from('hola, no soy una imagen') }, status: 415, message: /no es una imagen PNG, JPEG, WebP o SVG/ },
    { about: 'an MP4 as a logo', fields: { kind: 'logo' }, file: { name: 'logo.png', type: 'image/png', bytes: Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0mp42isom') }, status: 415, message: /no es una imagen/ },
    { about: 'an image over 2 MB', fields: { kind: 'banner' }, file: { name: 'banner.png', type: 'image/png', bytes: oversize }, status: 413, message: /demasiado grande \(máximo 2 MB\)/ },
    { about: 'no kind', fields: {}, file: { name: 'logo.png', type: 'image/png', bytes: TINY_PNG }, status: 400, message: /logo o banner/ },
    { about: 'an unknown kind', fields: { kind: 'fondo' }, file: { name: 'logo.png', type: 'image/png', bytes: TINY_PNG }, status: 400, message: /logo o banner/ },
    { about: 'no file', fields: { kind: 'logo' }, status: 400, message: /Falta la imagen/ },
  ];

  it.each(hostile)('refuses $about and stores nothing', async ({ fields, file, status, message }) => {
    const before = await snapshot();
    const res = await upload(5, fields, file);
    expect(res.statusCode, res.body).toBe(status);
    expect((res.json() as { error: string }).error).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body that is not a form, and an unknown art kind to reset', async () => {
    const before = await snapshot();
    const json = await ctx.app.inject({ method: 'POST', url: '/api/programa/atributos/5/arte', headers: admin, payload: { kind: 'logo' } });
    expect(json.statusCode).toBe(415);
    const reset = await ctx.app.inject({ method: 'DELETE', url: '/api/programa/atributos/5/arte/fondo', headers: admin });
    expect(reset.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});
