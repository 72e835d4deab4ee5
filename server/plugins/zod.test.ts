import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { HttpError } from '#server/http-error';
import { errorsPlugin } from './errors.ts';
import { replies } from './route-contract.ts';
import { enableZodSerialization, enableZodValidation, type ZodTypeProvider } from './zod.ts';

// A route's answer against its declared contract: in tests (strict) an answer outside it is a
// 500 with the reason logged; in production the writer keeps only the contract's fields.
const answerSchema = z.object({
  id: z.int(),
  name: z.nullable(z.string()),
  tags: z.array(z.object({ label: z.string() })),
  count: z._default(z.int(), 0),
});

let app: FastifyInstance;
let logged: string[];

async function appWith(handler: () => Promise<unknown>, strict: boolean): Promise<FastifyInstance> {
  logged = [];
  app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } } });
  enableZodValidation(app);
  enableZodSerialization(app, { strict });
  await app.register(errorsPlugin);
  app.withTypeProvider<ZodTypeProvider>().get('/t', { schema: { response: replies(answerSchema) } }, async () => (await handler()) as z.input<typeof answerSchema>);
  return app;
}

const appAnswering = (answer: unknown, strict: boolean) => appWith(async () => answer, strict);

afterEach(async () => {
  await app.close();
});

const good = { id: 1, name: null, tags: [{ label: 'a' }], count: 2 };

describe('response serialization (strict, outside production)', () => {
  it('writes an answer that keeps to its contract', async () => {
    const res = await (await appAnswering(good, true)).inject({ method: 'GET', url: '/t' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(good);
  });

  it('fills a default the route left out, as parsing on the client would', async () => {
    const res = await (await appAnswering({ id: 1, name: 'x', tags: [] }, true)).inject({ method: 'GET', url: '/t' });
    expect(res.json()).toEqual({ id: 1, name: 'x', tags: [], count: 0 });
  });

  it.each([
    ['a wrong type', { ...good, id: '1' }, 'id'],
    ['a missing field', { id: 1, tags: [] }, 'name'],
    ['a field the contract lacks', { ...good, secret: 'x' }, 'secret'],
    ['a nested field the contract lacks', { ...good, tags: [{ label: 'a', secret: 'x' }] }, 'tags[0].secret'],
  ])('fails the request with a 500 and a logged reason on %s', async (_case, answer, field) => {
    const res = await (await appAnswering(answer, true)).inject({ method: 'GET', url: '/t' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, error: 'Error interno del servidor' });
    const line = logged.find((l) => l.includes('ResponseContractError'));
    expect(line).toContain('GET /t (200)');
    expect(line).toContain(field);
  });
});

describe('response serialization (production)', () => {
  it('writes only the contract fields, and never checks', async () => {
    const res = await (await appAnswering({ ...good, secret: 'x', tags: [{ label: 'a', secret: 'y' }] }, false)).inject({ method: 'GET', url: '/t' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(good);
  });
});

describe('error bodies', () => {
  it('keep what an HttpError adds beside `error`', async () => {
    const refusal = () => Promise.reject(new HttpError(422, 'Archivo no válido', { errores: [{ fila: 2, error: 'Falta el email' }] }));
    const res = await (await appWith(refusal, true)).inject({ method: 'GET', url: '/t' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ success: false, error: 'Archivo no válido', errores: [{ fila: 2, error: 'Falta el email' }] });
  });
});

describe('request validation with the contract (zod/mini) schemas', () => {
  const bodySchema = z.object({ nick_name: z.string().check(z.trim(), z.minLength(1)), page: z._default(z.coerce.number().check(z.int()), 1) });

  async function appValidating(): Promise<FastifyInstance> {
    logged = [];
    app = Fastify({ logger: false });
    enableZodValidation(app);
    enableZodSerialization(app, { strict: true });
    await app.register(errorsPlugin);
    const echo = z.object({ nick_name: z.string(), page: z.number() });
    app.withTypeProvider<ZodTypeProvider>().post('/v', { schema: { body: bodySchema, response: replies(echo) } }, async (request) => request.body);
    return app;
  }

  it('hands the route parsed values, with transforms and defaults applied', async () => {
    const res = await (await appValidating()).inject({ method: 'POST', url: '/v', payload: { nick_name: '  ana  ' } });
    expect([res.statusCode, res.json()]).toEqual([200, { nick_name: 'ana', page: 1 }]);
  });

  it('answers an invalid body with a 400 naming the field, in Spanish', async () => {
    const res = await (await appValidating()).inject({ method: 'POST', url: '/v', payload: { nick_name: '   ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: 'Datos no válidos (nick_name): Demasiado pequeño: se esperaba que texto tuviera >=1 caracteres' });
  });
});
