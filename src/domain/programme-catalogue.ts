// Catálogo (issue 35): the rules of brand 2's prize catalogue as the back-office edits it. A
// product has 1 to 6 value options, each a price in IMPs (whole, above 0) and, for gift cards, the
// provider's face value. Orders copy their price and name when placed, so a price change only
// reaches future orders; a value or product with orders is never deleted (the product is
// withdrawn instead: agents no longer see or redeem it). Pure: route, pack section and screen.

export const PRODUCT_NAME_MAX = 80;
export const PRODUCT_DESCRIPTION_MAX = 2000;
export const PRODUCT_CONDITIONS_MAX = 4000;
export const PROVIDER_CODE_MAX = 64;
export const PRODUCT_VALUES_MIN = 1;
export const PRODUCT_VALUES_MAX = 6;
export const VALUE_RINGS_MAX = 1_000_000;
export const DISPLAY_ORDER_MAX = 10_000;
/** Largest product image accepted (PNG, JPEG or WebP). */
export const PRODUCT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const PRODUCT_HAS_ORDERS = 'Este premio tiene pedidos: retíralo en lugar de borrarlo';

/** A face value as the provider spells it: "25", "25.00", "8.50". */
const FACE_VALUE = /^\d{1,6}(?:\.\d{1,2})?$/;

export interface ValueOptionInput {
  /** The existing option's id; absent for a new one. */
  id?: number | undefined;
  valor_rings: number;
  valor_chequemotiva: string | null;
}

export interface ProductInput {
  nombre: string;
  descripcion: string | null;
  condiciones: string | null;
  codigo_producto_chequemotiva: string | null;
  codigo_plantilla_chequemotiva: string | null;
  tiene_stock: boolean;
  disponible: boolean;
  display_order: number;
  valores: ValueOptionInput[];
}

/** Trimmed text, or null when empty. */
export function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The input as it is stored: texts trimmed, empty ones null. */
export function normalizeProduct(input: ProductInput): ProductInput {
  return {
    ...input,
    nombre: input.nombre.trim(),
    descripcion: optionalText(input.descripcion),
    condiciones: optionalText(input.condiciones),
    codigo_producto_chequemotiva: optionalText(input.codigo_producto_chequemotiva),
    codigo_plantilla_chequemotiva: optionalText(input.codigo_plantilla_chequemotiva),
    valores: input.valores.map((v) => ({ ...v, valor_chequemotiva: optionalText(v.valor_chequemotiva) })),
  };
}

const tooLong = (value: string | null, max: number) => value !== null && value.length > max;

/** What is wrong with a product (already normalized), in Spanish; empty when it is valid. */
export function productProblems(input: ProductInput): string[] {
  const problems: string[] = [];
  if (input.nombre.length === 0) problems.push('El premio necesita un nombre');
  if (input.nombre.length > PRODUCT_NAME_MAX) problems.push(`El nombre admite como mucho ${PRODUCT_NAME_MAX} caracteres`);
  if (tooLong(input.descripcion, PRODUCT_DESCRIPTION_MAX)) problems.push(`La descripción admite como mucho ${PRODUCT_DESCRIPTION_MAX} caracteres`);
  if (tooLong(input.condiciones, PRODUCT_CONDITIONS_MAX)) problems.push(`Las condiciones admiten como mucho ${PRODUCT_CONDITIONS_MAX} caracteres`);
  if (tooLong(input.codigo_producto_chequemotiva, PROVIDER_CODE_MAX) || tooLong(input.codigo_plantilla_chequemotiva, PROVIDER_CODE_MAX)) {
    problems.push(`Los códigos del proveedor admiten como mucho ${PROVIDER_CODE_MAX} caracteres`);
  }
  if (input.codigo_producto_chequemotiva === null && input.codigo_plantilla_chequemotiva !== null) {
    problems.push('Una plantilla del proveedor necesita también el código de producto');
  }
  if (!Number.isInteger(input.display_order) || input.display_order < 0 || input.display_order > DISPLAY_ORDER_MAX) {
    problems.push(`El orden debe ser un número entero entre 0 y ${DISPLAY_ORDER_MAX}`);
  }
  if (input.valores.length < PRODUCT_VALUES_MIN || input.valores.length > PRODUCT_VALUES_MAX) {
    problems.push(`Un premio tiene entre ${PRODUCT_VALUES_MIN} y ${PRODUCT_VALUES_MAX} valores`);
  }
  input.valores.forEach((value, index) => {
    const n = index + 1;
    if (!Number.isInteger(value.valor_rings) || value.valor_rings <= 0 || value.valor_rings > VALUE_RINGS_MAX) {
      problems.push(`Valor ${n}: el precio debe ser un número entero de IMPs entre 1 y ${VALUE_RINGS_MAX.toLocaleString('es-ES')}`);
    }
    if (value.valor_chequemotiva !== null && !FACE_VALUE.test(value.valor_chequemotiva)) {
      problems.push(`Valor ${n}: el valor del proveedor debe ser un importe como 25 o 8.50`);
    }
    if (input.codigo_producto_chequemotiva !== null && value.valor_chequemotiva === null) {
      problems.push(`Valor ${n}: una tarjeta del proveedor necesita su valor (como 25.00)`);
    }
  });
  const ids = input.valores.flatMap((v) => (v.id === undefined ? [] : [v.id]));
  if (new Set(ids).size !== ids.length) problems.push('Un mismo valor aparece dos veces');
  const prices = input.valores.map((v) => v.valor_rings);
  if (new Set(prices).size !== prices.length) problems.push('Dos valores no pueden tener el mismo precio en IMPs');
  return problems;
}

export interface ExistingValue {
  id: number;
  orders: number;
}

/** The problems of replacing `existing` values by `input`: unknown ids, removed values with orders. */
export function valueChangeProblems(existing: readonly ExistingValue[], input: readonly ValueOptionInput[]): string[] {
  const known = new Map(existing.map((v) => [v.id, v]));
  const kept = new Set(input.flatMap((v) => (v.id === undefined ? [] : [v.id])));
  const problems: string[] = [];
  for (const id of kept) if (!known.has(id)) problems.push(`El valor ${id} no es de este premio`);
  const removedWithOrders = existing.filter((v) => !kept.has(v.id) && v.orders > 0);
  if (removedWithOrders.length > 0) {
    problems.push('Un valor con pedidos no se puede quitar: puedes cambiar su precio (solo afecta a los pedidos futuros) o retirar el premio');
  }
  return problems;
}

export type ProductState = 'listed' | 'out-of-stock' | 'withdrawn';

/** Withdrawn (agents do not see it), listed but out of stock (seen, not redeemable), or listed. */
export function productState(product: { disponible: boolean | number; tiene_stock: boolean | number }): ProductState {
  if (!product.disponible) return 'withdrawn';
  return product.tiene_stock ? 'listed' : 'out-of-stock';
}

export const PRODUCT_STATE_LABELS: Record<ProductState, string> = {
  listed: 'Visible',
  'out-of-stock': 'Sin stock',
  withdrawn: 'Retirado',
};

/** Only a product nobody ordered can be deleted; one with orders is withdrawn. */
export function canDeleteProduct(orders: number): boolean {
  return orders === 0;
}
