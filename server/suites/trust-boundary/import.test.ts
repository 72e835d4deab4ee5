// Trust boundary, the user import (issue 15, items 1, 6 and 16), attacked as an outside client
// would: files uploaded over HTTP by INTERNO, PLATAFORMA and admin sessions, hostile files
// while /api/health is called, and exports read back as a spreadsheet would. Each refusal is a
// Spanish 4xx and leaves the database as it was. Never edits the authorization matrix.
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '#contract/admin';
import { MAX_IMPORT_ROWS } from '#domain/user-import';
import type { UserRow } from '#server/db/schema';
import { csvOf, multipart, sheetXml, workbookWithSheet, xlsxOf, type Rows } from '#test-support/server/import-files';
import { writeXlsx } from '#server/spreadsheets/write';
import { tokenFor, userByEmail } from '#test-support/server/rewards';
import { bearer, createTestApp, type TestContext } from '#test-support/server/test-app';

let ctx: TestContext;
const tokens: Record<'admin' | 'interno' | 'plataforma' | 'latam', string> = { admin: '', interno: '', plataforma: '', latam: '' };
const HEADER = [...IMPORT_COLUMNS];
type Caller = keyof typeof tokens;

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  for (const who of Object.keys(tokens) as Caller[]) tokens[who] = await tokenFor(ctx, await userByEmail(ctx.db, `${who}@impecable.demo`));
  // A brand-2 agent on another platform than Plataforma's (Sevilla, Plataforma Sur).
  const sevilla = await ctx.db.selectFrom('sites').select(['id', 'platform_id']).where('name', '=', 'Sevilla').executeTakeFirstOrThrow();
  await ctx.db.insertInto('users').values({ email: 'lejos@impecable.demo', name: 'Lola Lejos', nick_name: 'LolaLejos', brand_id: 2, site_id: sevilla.id, platform_id: sevilla.platform_id }).execute();
});
afterAll(async () => {
  await ctx.close();
});

const upload = (caller: Caller, fileName: string, bytes: Buffer) => {
  const { payload, headers } = multipart(fileName, bytes);
  return ctx.app.inject({ method: 'POST', url: '/api/importar-usuario', payload, headers: { ...headers, ...bearer(tokens[caller]) }, remoteAddress: '203.0.113.7' });
};

/** Everything an import could change: users (every column), brands, platforms, sites and the import log. */
async function snapshot() {
  const [users, brands, platforms, sites, imports] = await Promise.all([
    ctx.db.selectFrom('users').selectAll().orderBy('id').execute(),
    ctx.db.selectFrom('brands').selectAll().orderBy('id').execute(),
    ctx.db.selectFrom('platforms').selectAll().orderBy('id').execute(),
    ctx.db.selectFrom('sites').selectAll().orderBy('id').execute(),
    ctx.db.selectFrom('user_imports').selectAll().orderBy('id').execute(),
  ]);
  return { users, brands, platforms, sites, imports };
}

const user = (email: string): Promise<UserRow> => userByEmail(ctx.db, email);
/** A template row: name, email, perfil, marca_id, plataforma, sede, puntos_ring_ring; the rest empty. */
const row = (name: string, email: string, perfil: string | null, brand: number, platform: string | null = null, site: string | null = null, rings: number | null = null) =>
  [name, email, null, null, perfil, null, brand, platform, site, rings];

describe('15.1 import is not a privilege escalation', () => {
  it.each<[string, Caller, Rows, number[]]>([
    ['INTERNO makes itself admin', 'interno', [row('Inés Soler Vidal', 'interno@impecable.demo', 'admin', 2)], [2]],
    ['INTERNO creates an admin for an outside e-mail', 'interno', [row('Jefe Fuera', 'jefe@fuera.example', 'admin', 2)], [2]],
    ['INTERNO demotes the real admin to LATAM', 'interno', [row('Admin Impecable', 'admin@impecable.demo', 'LATAM', 2)], [2]],
    ['INTERNO sets Bruno\'s Ring Ring points to 999999', 'interno', [row('Bruno Martín Sáez', 'bruno@impecable.demo', null, 1, null, null, 999_999)], [2]],
    ['INTERNO gives Ring Ring points to an agent of its own brand', 'interno', [row('Ana García Romero', 'ana@impecable.demo', null, 2, null, null, 500)], [2]],
    ['INTERNO creates an agent of another brand', 'interno', [row('Otra Marca', 'otra@cliente.example', null, 1)], [2]],
    ['INTERNO moves an agent of another brand into its own', 'interno', [row('Bruno Martín Sáez', 'bruno@impecable.demo', null, 2)], [2]],
    ['INTERNO renames a PLATAFORMA supervisor (staff are admin-only)', 'interno', [row('Pablo Renombrado', 'plataforma@impecable.demo', null, 2)], [2]],
    ['PLATAFORMA makes itself admin', 'plataforma', [row('Pablo Ortega Gil', 'plataforma@impecable.demo', 'admin', 2)], [2]],
    ['PLATAFORMA sets Bruno\'s Ring Ring points (brand 1 on its platform)', 'plataforma', [row('Bruno Martín Sáez', 'bruno@impecable.demo', null, 1, null, null, 999_999)], [2]],
    ['PLATAFORMA renames a brand-1 agent of its own platform', 'plataforma', [row('Bruno Renombrado', 'bruno@impecable.demo', null, 1)], [2]],
    ['PLATAFORMA takes an agent of another platform into its own', 'plataforma', [row('Lola Lejos', 'lejos@impecable.demo', null, 2, 'Plataforma Centro', 'Toledo')], [2]],
    ['PLATAFORMA creates an agent on another platform', 'plataforma', [row('Nuevo Sur', 'nuevo.sur@cliente.example', null, 2, 'Plataforma Sur', 'Málaga')], [2]],
    ['PLATAFORMA creates an agent with no platform', 'plataforma', [row('Sin Sitio', 'sinsitio@cliente.example', null, 2)], [2]],
    ['PLATAFORMA creates a new platform and site for an agent', 'plataforma', [row('Nueva Plat', 'nuevaplat@cliente.example', null, 2, 'Plataforma Pirata', 'Tortuga')], [2]],
    ['INTERNO creates a LATAM account', 'interno', [row('Latam Nuevo', 'latam.nuevo@cliente.example', 'LATAM', 2)], [2]],
    ['admin changes its own row', 'admin', [row('Admin Impecable', 'admin@impecable.demo', 'LATAM', 2)], [2]],
    ['admin renames itself', 'admin', [row('Otro Nombre', 'ADMIN@impecable.demo', null, 2)], [2]],
    ['a mixed file: good rows first, then one bad row', 'interno', [
      row('Agente Bueno', 'bueno@cliente.example', null, 2, 'Plataforma Atlántida', 'Atlántida'),
      row('Ana García Romero', 'ana@impecable.demo', '', 2),
      row('Inés Soler Vidal', 'interno@impecable.demo', 'admin', 2),
    ], [4]],
  ])('%s: refused whole with the row numbers, nothing changes', async (_name, caller, rows, offending) => {
    const before = await snapshot();
    for (const [fileName, bytes] of [['ataque.csv', csvOf([HEADER, ...rows])], ['ataque.xlsx', xlsxOf([HEADER, ...rows])]] as const) {
      const res = await upload(caller, fileName, bytes);
      expect(res.statusCode, res.body).toBe(422);
      const body = res.json<{ success: boolean; error: string; errores: { fila: number; error: string }[] }>();
      expect(body.success).toBe(false);
      expect(body.error).toMatch(/^Ningún usuario importado\. Filas no válidas: fila \d+: /);
      expect(body.errores.map((e) => e.fila)).toEqual(offending);
      for (const issue of body.errores) expect(issue.error).toMatch(/^(Solo|No puedes|Tu usuario)/);
      expect(await snapshot()).toEqual(before);
    }
  });

  it('within its scope INTERNO still imports agents of its brand, and PLATAFORMA agents of its platform', async () => {
    const interno = await upload('interno', 'bien.csv', csvOf([HEADER,
      row('Agente Interno', 'agente.interno@cliente.example', '', 2, 'Plataforma Sur', 'Sevilla', 0),
      ['Ana García Romero', 'ana@impecable.demo', null, null, null, 'Retención', 2, null, null, null],
    ]));
    expect(interno.json()).toMatchObject({ users_created: 1, users_updated: 1 });
    const plataforma = await upload('plataforma', 'bien.csv', csvOf([HEADER, row('Agente Plataforma', 'agente.plat@cliente.example', null, 2, null, 'Toledo')]));
    expect(plataforma.json()).toMatchObject({ users_created: 1, users_updated: 0 });
    expect(await user('agente.plat@cliente.example')).toMatchObject({ perfil: '', brand_id: 2 });
    expect((await user('ana@impecable.demo')).division).toBe('Retención');
  });

  it('admin may grant profiles and Ring Ring points; each created or changed user is audited, only the fields that changed', async () => {
    const admin = await user('admin@impecable.demo');
    const bruno = await user('bruno@impecable.demo');
    const res = await upload('admin', 'admin.csv', csvOf([HEADER,
      ['Bruno Martín Sáez', 'bruno@impecable.demo', 'BrunoRing', null, null, null, 1, null, null, 2000],
      row('Sara Interna', 'sara.interna@impecable.demo', 'INTERNO', 1),
    ]));
    expect(res.statusCode, res.body).toBe(200);
    const sara = await user('sara.interna@impecable.demo');
    expect(sara.perfil).toBe('INTERNO');
    const [log] = await ctx.db.selectFrom('user_imports').select('id').where('user_id', '=', admin.id).orderBy('id', 'desc').limit(1).execute();
    const audit = await ctx.db.selectFrom('user_import_audit').selectAll().where('import_id', '=', log?.id ?? -1).orderBy('target_user_id').execute();
    expect(audit).toEqual([
      expect.objectContaining({ importer_user_id: admin.id, target_user_id: bruno.id, action: 'updated', before: { puntos_ring_ring: 1250 }, after: { puntos_ring_ring: 2000 }, ip: '203.0.113.7', created_at: ctx.clock.now() }),
      expect.objectContaining({
        importer_user_id: admin.id, target_user_id: sara.id, action: 'created', before: null, ip: '203.0.113.7',
        after: { email: 'sara.interna@impecable.demo', name: 'Sara Interna', nick_name: null, role: 'agente', perfil: 'INTERNO', division: null, brand_id: 1, platform_id: null, site_id: null, puntos_ring_ring: 0, time_factor: 1 },
      }),
    ]);
  });

  it('an import that changes nothing records no audit row for that user', async () => {
    const before = await ctx.db.selectFrom('user_import_audit').select('id').execute();
    const res = await upload('admin', 'igual.csv', csvOf([HEADER, ['Bruno Martín Sáez', 'bruno@impecable.demo', 'BrunoRing', null, null, null, 1, null, null, 2000]]));
    expect(res.json()).toMatchObject({ users_created: 0, users_updated: 1 });
    expect(await ctx.db.selectFrom('user_import_audit').select('id').execute()).toEqual(before);
  });
});

/** A header and `rows` rows of ten text cells of `cellLength` characters: tens of MB of XML in a few hundred KB. */
function hostileWorkbook(rows: number, cellLength: number): Buffer {
  function* lines() {
    yield HEADER;
    for (let i = 0; i < rows; i++) yield HEADER.map(() => 'a'.repeat(cellLength));
  }
  return workbookWithSheet(sheetXml(lines()));
}

/**
 * Lets the upload reach the parser (a short wait: on a blocked event loop this timer cannot fire
 * until parsing ends), then checks that /api/health answers, several times in a row.
 */
async function healthAnswersMeanwhile(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (let i = 0; i < 5; i++) expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
}

describe('15.6 import parsing never freezes the API', () => {
  it('/api/health answers while a hostile .xlsx (~45 MB of XML) is being parsed, and the import is refused', async () => {
    const bomb = hostileWorkbook(8_500, 480);
    expect(bomb.length).toBeLessThan(600 * 1024);
    const before = await snapshot();
    let settled = false;
    const pending = upload('admin', 'hostil.xlsx', bomb).finally(() => {
      settled = true;
    });
    await healthAnswersMeanwhile();
    expect(settled).toBe(false);
    const res = await pending;
    expect([413, 422]).toContain(res.statusCode);
    expect(res.json<{ success: boolean; error: string }>()).toMatchObject({ success: false, error: expect.stringMatching(/^[A-ZÁÉÍÓÚÑ¿¡]/) });
    expect(await snapshot()).toEqual(before);
  });

  it('a sheet with more rows than the limit is refused with a Spanish 4xx and nothing changes', async () => {
    const before = await snapshot();
    const rows: Rows = [HEADER];
    for (let i = 0; i < MAX_IMPORT_ROWS + 5; i++) rows.push(row(`Agente ${i}`, `muchos${i}@cliente.example`, null, 2));
    for (const [fileName, bytes] of [['muchas.csv', csvOf(rows)], ['muchas.xlsx', workbookWithSheet(sheetXml(rows))]] as const) {
      const res = await upload('admin', fileName, bytes);
      expect([res.statusCode, res.json().error], fileName).toEqual([413, `El archivo tiene más de ${MAX_IMPORT_ROWS} filas`]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a sheet with far too many columns is refused with a Spanish 4xx and nothing changes', async () => {
    const before = await snapshot();
    const wide = [...HEADER, ...Array.from({ length: 5_000 }, (_, i) => `extra${i}`)];
    const data = [...row('Ancho', 'ancho@cliente.example', null, 2), ...Array.from({ length: 5_000 }, () => 'x')];
    for (const [fileName, bytes] of [['ancha.csv', csvOf([wide, data])], ['ancha.xlsx', workbookWithSheet(sheetXml([wide, data]))]] as const) {
      const res = await upload('admin', fileName, bytes);
      expect([res.statusCode, res.json().error], fileName).toEqual([413, expect.stringMatching(/^El archivo tiene demasiadas columnas/)]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('three hostile imports at once: each gets a Spanish 4xx or 503, and health keeps answering', async () => {
    const before = await snapshot();
    const bomb = hostileWorkbook(8_500, 480);
    let settled = 0;
    const pending = [1, 2, 3].map(() => upload('admin', 'hostil.xlsx', bomb).finally(() => {
      settled += 1;
    }));
    await healthAnswersMeanwhile();
    expect(settled).toBeLessThan(3);
    for (const res of await Promise.all(pending)) {
      expect([413, 422, 503]).toContain(res.statusCode);
      if (res.statusCode === 503) expect(res.json().error).toBe('Hay otra importación en curso, inténtalo en unos segundos');
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('15.16 exports keep text exactly as written, never as a formula', () => {
  const EVIL = '=HYPERLINK("http://x","y")';

  it('a name that looks like a formula is written as a string cell, read back exactly, with no formula', () => {
    const bytes = writeXlsx([{ name: 'Ranking', header: ['Posición', 'Nombre'], rows: [[1, EVIL], [2, '+34 600'], [3, '-1'], [4, '@cmd']] }]);
    const book = XLSX.read(bytes, { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''] ?? {};
    expect(sheet.B2).toMatchObject({ t: 's', v: EVIL });
    expect(sheet.B2?.f).toBeUndefined();
    expect([sheet.B3?.v, sheet.B4?.v, sheet.B5?.v]).toEqual(['+34 600', '-1', '@cmd']);
    const zip = XLSX.CFB.read(bytes, { type: 'buffer' });
    const xml = XLSX.CFB.find(zip, '/xl/worksheets/sheet1.xml');
    expect(xml).toBeTruthy();
    expect(Buffer.from(xml?.content as Uint8Array).toString('utf8')).not.toMatch(/<f[\s>]/);
  });

  it('the LATAM order summary download shows such a name exactly as the user wrote it', async () => {
    await ctx.db.updateTable('users').set({ name: EVIL }).where('email', '=', 'ana@impecable.demo').execute();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/descargar-listado-latam', headers: bearer(tokens.latam) });
    expect(res.statusCode).toBe(200);
    const book = XLSX.read(res.rawPayload, { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''] ?? {};
    const cells = Object.entries(sheet).filter(([ref]) => !ref.startsWith('!')).map(([, cell]) => cell as XLSX.CellObject);
    expect(cells.filter((cell) => cell.f !== undefined)).toEqual([]);
    expect(cells.filter((cell) => cell.v === EVIL).map((cell) => cell.t)).toEqual(expect.arrayContaining(['s']));
    expect(cells.some((cell) => String(cell.v).startsWith('\''))).toBe(false);
  });
});
