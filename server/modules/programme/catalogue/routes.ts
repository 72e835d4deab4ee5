// Programa › Catálogo (issue 35): brand 2's prize catalogue. GET /programa/catalogo (every
// product, withdrawn ones too, with values, order counts and state), POST (create), PUT /:id
// (fields and value options), POST /:id/imagen (PNG, JPEG or WebP up to 2 MB, sniffed, into the
// media store), POST /:id/retirar and /:id/reponer, DELETE /:id (only a product nobody ordered).
// Admin only: programmeEditor runs first, before any body or upload is read. Each change and its
// Historial row are one transaction. Orders keep the name and price they were placed with, so a
// price change reaches future orders only; a withdrawn product leaves the agents' catalogue and
// is refused at redemption (rewards/service.ts), its orders and history intact.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import {
  PROGRAMME_CATALOGUE_PATHS, productAnswerSchema, productBodySchema, productDeletedSchema, catalogueResponseSchema, type CatalogueProduct,
} from '#contract/programme-catalogue';
import {
  canDeleteProduct, normalizeProduct, PRODUCT_HAS_ORDERS, PRODUCT_IMAGE_MAX_BYTES, productProblems, valueChangeProblems, type ProductInput,
} from '#domain/programme-catalogue';
import { HttpError } from '#server/http-error';
import { MEDIA_TYPES, sniffMedia } from '#server/media/sniff';
import { saveMedia } from '#server/media/store';
import { replies } from '#server/plugins/route-contract';
import { validationMessage, type ZodTypeProvider } from '#server/plugins/zod';
import { programmeEditor } from '../access.ts';
import { recordChange } from '../audit.ts';
import type { ProgrammeDeps } from '../deps.ts';
import * as repo from './repository.ts';

export const PRODUCT_NOT_FOUND = 'Ese premio no existe';
export const NOT_MULTIPART = 'Envía la imagen como formulario (multipart/form-data) en el campo file';
export const NO_FILE = 'Falta la imagen';
export const IMAGE_TOO_LARGE = `La imagen es demasiado grande (máximo ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB)`;
export const IMAGE_WRONG_TYPE = 'La imagen debe ser PNG, JPEG o WebP';
const IMAGE_KINDS = new Set(['png', 'jpeg', 'webp']);

function productId(params: unknown): number {
  const raw = (params as { id?: unknown }).id;
  const id = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(id) || id <= 0) throw new HttpError(404, PRODUCT_NOT_FOUND);
  return id;
}

/** The body checked for shape, then normalized and checked against the catalogue's rules. */
function productInput(body: unknown): ProductInput {
  const parsed = z.safeParse(productBodySchema, body);
  if (!parsed.success) throw new HttpError(400, validationMessage(parsed.error));
  const b = parsed.data;
  const input = normalizeProduct({
    nombre: b.nombre,
    descripcion: b.descripcion ?? null,
    condiciones: b.condiciones ?? null,
    codigo_producto_chequemotiva: b.codigo_producto_chequemotiva ?? null,
    codigo_plantilla_chequemotiva: b.codigo_plantilla_chequemotiva ?? null,
    tiene_stock: b.tiene_stock,
    disponible: b.disponible,
    display_order: b.display_order,
    valores: b.valores.map((v) => ({ id: v.id, valor_rings: v.valor_rings, valor_chequemotiva: v.valor_chequemotiva ?? null })),
  });
  const problems = productProblems(input);
  if (problems.length > 0) throw new HttpError(400, problems.join('. '));
  return input;
}

/** The uploaded image, read whole, or a 413 past the limit: never its first 2 MB. */
async function readImage(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
  try {
    const part = await request.file({ limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1 } });
    if (!part) throw new HttpError(400, NO_FILE);
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw new HttpError(413, IMAGE_TOO_LARGE);
    return { bytes, name: part.filename || 'imagen' };
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, IMAGE_TOO_LARGE);
    if (typeof code === 'string' && code.startsWith('FST_')) throw new HttpError(400, NOT_MULTIPART);
    throw error;
  }
}

/** What the Historial keeps of a product: its fields and values, without counts. */
function auditView(product: CatalogueProduct) {
  const { orders: _orders, state: _state, ...fields } = product;
  return { ...fields, valores: fields.valores.map(({ orders: _n, ...value }) => value) };
}

export async function catalogueRoutes(app: FastifyInstance, { db, clock, media }: ProgrammeDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const write = { config: { changesReads: true }, schema: { response: replies(productAnswerSchema) } };

  /** Runs `change` on the locked product, records it, and answers the product after it. */
  async function change(
    request: FastifyRequest,
    id: number,
    action: string,
    work: (trx: typeof db, before: CatalogueProduct) => Promise<void>,
  ): Promise<{ producto: CatalogueProduct }> {
    const editor = programmeEditor(request);
    return db.transaction().execute(async (trx) => {
      if (!(await repo.lockProduct(trx, id))) throw new HttpError(404, PRODUCT_NOT_FOUND);
      const before = await repo.findProduct(trx, id);
      if (!before) throw new HttpError(404, PRODUCT_NOT_FOUND);
      await work(trx, before);
      const after = await repo.findProduct(trx, id);
      if (!after) throw new HttpError(404, PRODUCT_NOT_FOUND);
      await recordChange(trx, editor, { area: 'catalogo', entity: 'product', entityId: id, action, before: auditView(before), after: auditView(after) });
      return { producto: after };
    });
  }

  api.get(PROGRAMME_CATALOGUE_PATHS.list, { schema: { response: replies(catalogueResponseSchema) } }, async (request) => {
    programmeEditor(request);
    return { productos: await repo.listCatalogue(db) };
  });

  api.post(PROGRAMME_CATALOGUE_PATHS.list, write, async (request) => {
    const editor = programmeEditor(request);
    const input = productInput(request.body);
    if (input.valores.some((v) => v.id !== undefined)) throw new HttpError(400, 'Un premio nuevo no puede llevar valores de otro premio');
    return db.transaction().execute(async (trx) => {
      const id = await repo.insertProduct(trx, input, '', clock());
      const created = await repo.findProduct(trx, id);
      if (!created) throw new Error('product vanished in its own transaction');
      await recordChange(trx, editor, { area: 'catalogo', entity: 'product', entityId: id, action: 'created', before: null, after: auditView(created) });
      return { producto: created };
    });
  });

  api.put(PROGRAMME_CATALOGUE_PATHS.item, write, async (request) => {
    programmeEditor(request);
    const id = productId(request.params);
    const input = productInput(request.body);
    return change(request, id, 'updated', async (trx, before) => {
      const problems = valueChangeProblems(before.valores.map((v) => ({ id: v.id, orders: v.orders })), input.valores);
      if (problems.length > 0) throw new HttpError(409, problems.join('. '));
      await repo.updateProduct(trx, id, input, clock());
    });
  });

  api.post(PROGRAMME_CATALOGUE_PATHS.image, write, async (request) => {
    programmeEditor(request);
    const id = productId(request.params);
    if (!(await repo.findProduct(db, id))) throw new HttpError(404, PRODUCT_NOT_FOUND);
    const file = await readImage(request);
    const kind = sniffMedia(file.bytes);
    if (kind === null || !IMAGE_KINDS.has(kind)) throw new HttpError(415, IMAGE_WRONG_TYPE);
    return change(request, id, 'image', async (trx) => {
      const saved = await saveMedia(trx, media, file.bytes, { ...MEDIA_TYPES[kind], originalName: file.name.slice(0, 200) });
      await repo.setImage(trx, id, saved.url, clock());
    });
  });

  api.post(PROGRAMME_CATALOGUE_PATHS.withdraw, write, async (request) => {
    programmeEditor(request);
    const id = productId(request.params);
    return change(request, id, 'withdrawn', (trx) => repo.setListed(trx, id, false, clock()));
  });

  api.post(PROGRAMME_CATALOGUE_PATHS.restore, write, async (request) => {
    programmeEditor(request);
    const id = productId(request.params);
    return change(request, id, 'restored', (trx) => repo.setListed(trx, id, true, clock()));
  });

  api.delete(PROGRAMME_CATALOGUE_PATHS.item, { config: { changesReads: true }, schema: { response: replies(productDeletedSchema) } }, async (request) => {
    const editor = programmeEditor(request);
    const id = productId(request.params);
    await db.transaction().execute(async (trx) => {
      if (!(await repo.lockProduct(trx, id))) throw new HttpError(404, PRODUCT_NOT_FOUND);
      const before = await repo.findProduct(trx, id);
      if (!before) throw new HttpError(404, PRODUCT_NOT_FOUND);
      if (!canDeleteProduct(before.orders)) throw new HttpError(409, PRODUCT_HAS_ORDERS);
      await repo.deleteProduct(trx, id);
      await recordChange(trx, editor, { area: 'catalogo', entity: 'product', entityId: id, action: 'deleted', before: auditView(before), after: null });
    });
    return { deleted: true as const };
  });
}
