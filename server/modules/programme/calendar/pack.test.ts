// The calendar's pack section: what it reads from a programme travels as JSON and loads, the
// same, into an empty one; a section that breaks a rule is refused with its problems by item.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackAttribute } from '#contract/programme-calendar';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import { closeTestDatabase, createTestApp, openTestDatabase, type TestContext } from '#test-support/server/test-app';
import { calendarPackSection } from './pack.ts';

let ctx: TestContext;
let empty: Kysely<Database>;
const LOGO = `/media/u/${'a'.repeat(64)}.png`;

beforeAll(async () => {
  ctx = await createTestApp({ now: new Date('2025-06-20T10:00:00Z') });
  await ctx.db.updateTable('attributes').set({ logo_url: LOGO, sync_grace_hours: 96 }).where('id', '=', 3).execute();
  empty = await openTestDatabase();
});
afterAll(async () => {
  await closeTestDatabase(empty);
  await ctx.close();
});

function parsed(raw: unknown): PackAttribute[] {
  const result = calendarPackSection.parse(raw);
  if (!('data' in result)) throw new Error(JSON.stringify(result.problems));
  return result.data;
}

describe('calendar pack section', () => {
  it('reads the seven attributes, and writes them into an empty programme as they were', async () => {
    const data = await calendarPackSection.read(ctx.db);
    expect(data.map((a) => a.slug)).toEqual(['devalor', 'resolutivo', 'accesible', 'transversal', 'proactivo', 'confiable', 'conestilo']);
    expect(calendarPackSection.media(data)).toEqual([LOGO]);

    const travelled = parsed(JSON.parse(JSON.stringify(data)));
    expect(await empty.transaction().execute((trx) => calendarPackSection.write(trx, travelled))).toEqual([]);
    expect(await calendarPackSection.read(empty)).toEqual(data);
    expect((await calendarPackSection.read(empty)).find((a) => a.id === 3)).toMatchObject({ logo_url: LOGO, sync_grace_hours: 96, personality: data[2]?.personality });

    // A programme whose attributes have dates or content takes none.
    expect(await empty.transaction().execute((trx) => calendarPackSection.write(trx, travelled))).toEqual([{ item: 'calendario', message: 'El programa ya tiene atributos con fechas o contenido' }]);
  });

  it('lists every problem by item', async () => {
    const data = await calendarPackSection.read(ctx.db);
    const [devalor, resolutivo, accesible, ...rest] = data as [PackAttribute, PackAttribute, PackAttribute, ...PackAttribute[]];
    const broken = [
      { ...devalor, slug: 'otro' },
      { ...resolutivo, month_start: '2025-06-10', month_end: '2025-06-12', quiz2_opens_at: '2025-06-11' },
      { ...accesible, color: 'azul', banner_url: 'https://tracker.example/x.png' },
      ...rest.slice(0, 3),
      { ...rest[0]!, nombre: 'Otra vez' },
    ];
    const result = calendarPackSection.parse(broken);
    expect('problems' in result && result.problems).toEqual([
      { item: 'calendario › De Valor', message: 'El atributo 1 es «devalor», no «otro»' },
      { item: 'calendario › Accesible', message: 'El color debe ser un código #rrggbb (por ejemplo, #5c7cfa)' },
      { item: 'calendario › Accesible', message: 'La imagen de banner debe ser un archivo del paquete (/media/u/…) o ninguna' },
      { item: 'calendario › Otra vez', message: 'El atributo 4 aparece dos veces' },
      { item: 'calendario', message: 'Faltan atributos: conestilo' },
      { item: 'calendario › Accesible', message: 'Su mes se solapa con el de Resolutivo: los meses activos no pueden coincidir' },
    ]);
    const shape = calendarPackSection.parse([{ id: 'uno' }]);
    expect('problems' in shape && shape.problems[0]?.item).toBe('calendario › 0 › id');
  });
});
