import * as z from 'zod/mini';
import { PRODUCT_STATES } from './programme-catalogue-constants';

export * from './programme-catalogue-constants';

// Catálogo (issue 35): the back-office's view of brand 2's prizes. The rules (lengths, 1 to 6
// values, prices) live in #domain/programme-catalogue; these schemas check shapes only, with
// generous bounds so a hostile body is refused before any rule runs.

const text = (max: number) => z.string().check(z.maxLength(max));

/** A value option with how many orders used it (one with orders cannot be removed). */
export const catalogueValueSchema = z.object({
  id: z.int(),
  valor_rings: z.int(),
  valor_chequemotiva: z.nullable(z.string()),
  orders: z.int(),
});
export type CatalogueValue = z.infer<typeof catalogueValueSchema>;

export const catalogueProductSchema = z.object({
  id: z.int(),
  /** Media-store URL (or a built-in /art file); '' when the product has no image yet. */
  imagen: z.string(),
  nombre: z.string(),
  descripcion: z.nullable(z.string()),
  condiciones: z.nullable(z.string()),
  codigo_producto_chequemotiva: z.nullable(z.string()),
  codigo_plantilla_chequemotiva: z.nullable(z.string()),
  tiene_stock: z.boolean(),
  disponible: z.boolean(),
  display_order: z.int(),
  valores: z.array(catalogueValueSchema),
  /** Orders of the product, any status: with one or more it is withdrawn, never deleted. */
  orders: z.int(),
  state: z.enum(PRODUCT_STATES),
});
export type CatalogueProduct = z.infer<typeof catalogueProductSchema>;

/** GET programa/catalogo */
export const catalogueResponseSchema = z.object({ productos: z.array(catalogueProductSchema) });
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;

/** POST programa/catalogo, PUT programa/catalogo/:id: the product and its value options, in order. */
export const productBodySchema = z.object({
  nombre: text(1000),
  descripcion: z.optional(z.nullable(text(20_000))),
  condiciones: z.optional(z.nullable(text(20_000))),
  codigo_producto_chequemotiva: z.optional(z.nullable(text(1000))),
  codigo_plantilla_chequemotiva: z.optional(z.nullable(text(1000))),
  tiene_stock: z.boolean(),
  disponible: z.boolean(),
  display_order: z.number(),
  valores: z.array(z.object({
    /** An existing option's id; absent for a new option. */
    id: z.optional(z.int().check(z.positive(), z.maximum(2_147_483_647))),
    valor_rings: z.number(),
    valor_chequemotiva: z.optional(z.nullable(text(100))),
  })).check(z.maxLength(100)),
});
export type ProductBody = z.infer<typeof productBodySchema>;

/** The product after a change. */
export const productAnswerSchema = z.object({ producto: catalogueProductSchema });
export type ProductAnswer = z.infer<typeof productAnswerSchema>;

export const productDeletedSchema = z.object({ deleted: z.literal(true) });
