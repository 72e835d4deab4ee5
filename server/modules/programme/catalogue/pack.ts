// Catálogo in a programme pack: every product (withdrawn ones too) with its value options, in
// display order; order counts and ids stay behind (orders are not programme content). Checked
// with the same rules as the screen (#domain/programme-catalogue); loaded into an empty catalogue.
import * as z from 'zod/mini';
import { normalizeProduct, productProblems, type ProductInput } from '#domain/programme-catalogue';
import { mediaKeyOfUrl } from '#server/media/store';
import type { PackProblem, PackSection } from '../pack-section.ts';
import { insertProduct, listCatalogue } from './repository.ts';

const productSchema = z.object({
  imagen: z.string().check(z.maxLength(500)),
  nombre: z.string().check(z.maxLength(1000)),
  descripcion: z.nullable(z.string().check(z.maxLength(20_000))),
  condiciones: z.nullable(z.string().check(z.maxLength(20_000))),
  codigo_producto_chequemotiva: z.nullable(z.string().check(z.maxLength(1000))),
  codigo_plantilla_chequemotiva: z.nullable(z.string().check(z.maxLength(1000))),
  tiene_stock: z.boolean(),
  disponible: z.boolean(),
  display_order: z.number(),
  valores: z.array(z.object({ valor_rings: z.number(), valor_chequemotiva: z.nullable(z.string().check(z.maxLength(100))) })).check(z.maxLength(100)),
});
const sectionSchema = z.array(productSchema).check(z.maxLength(1000));

export type PackProduct = z.infer<typeof productSchema>;

const inputOf = (p: PackProduct): ProductInput => normalizeProduct({ ...p, valores: p.valores.map((v) => ({ ...v })) });

export const cataloguePackSection: PackSection<PackProduct[]> = {
  name: 'catalogo',
  parse(raw) {
    const parsed = z.safeParse(sectionSchema, raw);
    if (!parsed.success) {
      return { problems: parsed.error.issues.map((issue) => ({ item: ['catálogo', ...issue.path.map(String)].join(' › '), message: issue.message })) };
    }
    const problems: PackProblem[] = parsed.data.flatMap((product, index) => {
      const item = `catálogo › ${product.nombre.trim() || `premio ${index + 1}`}`;
      const imageProblem = product.imagen !== '' && !product.imagen.startsWith('/') ? [{ item, message: 'La imagen debe ser una ruta del programa (/media/u/… o /art/…)' }] : [];
      return [...imageProblem, ...productProblems(inputOf(product)).map((message) => ({ item, message }))];
    });
    return problems.length > 0 ? { problems } : { data: parsed.data };
  },
  async read(db) {
    return (await listCatalogue(db)).map((p) => ({
      imagen: p.imagen,
      nombre: p.nombre,
      descripcion: p.descripcion,
      condiciones: p.condiciones,
      codigo_producto_chequemotiva: p.codigo_producto_chequemotiva,
      codigo_plantilla_chequemotiva: p.codigo_plantilla_chequemotiva,
      tiene_stock: p.tiene_stock,
      disponible: p.disponible,
      display_order: p.display_order,
      valores: p.valores.map((v) => ({ valor_rings: v.valor_rings, valor_chequemotiva: v.valor_chequemotiva })),
    }));
  },
  media: (data) => data.flatMap((p) => (mediaKeyOfUrl(p.imagen) === null ? [] : [p.imagen])),
  async write(trx, data) {
    const existing = await trx.selectFrom('products').select('id').limit(1).execute();
    if (existing.length > 0) return [{ item: 'catálogo', message: 'El programa ya tiene premios en el catálogo' }];
    const now = new Date();
    for (const product of data) await insertProduct(trx, inputOf(product), product.imagen, now);
    return [];
  },
};
