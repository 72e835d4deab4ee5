// GET /atributos: the programme calendar as data (attributeSchema), in display order.
import type { FastifyInstance } from 'fastify';
import { ATTRIBUTE_PATHS, attributesResponseSchema } from '#contract/attributes';
import type { AppDeps } from '#server/deps';
import { replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { createAttributesRepository } from './repository.ts';

export async function attributesRoutes(app: FastifyInstance, { db }: Pick<AppDeps, 'db'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const attributes = createAttributesRepository(db);

  api.get(ATTRIBUTE_PATHS.list, { schema: { response: replies(attributesResponseSchema) } }, async () => ({ atributos: await attributes.list() }));
}
