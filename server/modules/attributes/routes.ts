// GET /atributos: the programme calendar as data (attributeSchema), in display order.
import type { FastifyInstance } from 'fastify';
import type { Attribute } from '#contract/attributes';
import type { AppDeps } from '#server/deps';
import { createAttributesRepository } from './repository.ts';

export async function attributesRoutes(app: FastifyInstance, { db }: Pick<AppDeps, 'db'>): Promise<void> {
  const attributes = createAttributesRepository(db);

  app.get('/atributos', async (): Promise<{ atributos: Attribute[] }> => ({ atributos: await attributes.list() }));
}
