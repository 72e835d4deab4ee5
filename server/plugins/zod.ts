// The contract's zod schemas at both ends of a route. Requests: routes put a schema in
// `schema.body|params|querystring` and get typed, parsed values (defaults applied). Answers:
// routes declare `schema.response` (route-contract.ts) and fast-json-stringify writes each
// answer from the schema's JSON Schema, so only the contract's fields leave the server.
// Outside production every answer is first checked against its schema, strictly: a route
// answering outside its contract fails with a 500 and a logged error. Never takes a JSON Schema.
// The contract is written with zod/mini (the browser's bundle); any zod 4 schema works here.
import fastJson, { type AnySchema } from 'fast-json-stringify';
import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import * as z from 'zod/mini';

type Schema = z.core.$ZodType;

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends Schema ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends Schema ? z.input<this['schema']> : unknown;
}

/** A failed zod parse, from zod/mini or classic zod alike (their error classes differ, their core does not). */
export function isZodError(error: unknown): error is z.core.$ZodError {
  return error instanceof z.core.$ZodError;
}

export function enableZodValidation(app: FastifyInstance): void {
  // Validation messages reach users through the error handler: Spanish, like the rest.
  z.config(z.locales.es());
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    const result = z.safeParse(schema as Schema, data);
    return result.success ? { value: result.data } : { error: result.error };
  });
}

/** The Spanish sentence for a failed validation: first problem, with its field. */
export function validationMessage(error: unknown): string {
  if (isZodError(error)) {
    const issue = error.issues[0];
    if (issue) {
      const field = issue.path.map(String).join('.');
      return field ? `Datos no válidos (${field}): ${issue.message}` : `Datos no válidos: ${issue.message}`;
    }
  }
  return 'Los datos enviados no son válidos';
}

/**
 * An answer its route's contract does not allow. A plain Error on purpose: the error handler
 * answers a ZodError with 400 (the client's mistake); this one is the server's, a 500.
 */
export class ResponseContractError extends Error {
  override readonly name = 'ResponseContractError';
}

type Write = (data: unknown) => string;

// Schemas are module constants shared by every route and every app a test builds: compile once.
const writers = new WeakMap<Schema, Write>();

function writerFor(schema: Schema): Write {
  let write = writers.get(schema);
  if (!write) {
    // Input side: a `.default()` field may be left out by the route; the writer fills it in,
    // as parsing would. Fields outside the schema are not written.
    write = fastJson(z.toJSONSchema(schema, { io: 'input', target: 'draft-07' }) as AnySchema) as Write;
    writers.set(schema, write);
  }
  return write;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Paths of the fields `sent` has and `kept` (its parse) dropped: fields the contract lacks. */
function unknownFields(sent: unknown, kept: unknown, at: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((item, index) => unknownFields(item, kept[index], `${at}[${index}]`));
  if (!isRecord(sent) || !isRecord(kept)) return [];
  return Object.keys(sent).flatMap((key) => {
    const path = at ? `${at}.${key}` : key;
    return key in kept ? unknownFields(sent[key], kept[key], path) : [path];
  });
}

/** Throws unless `data`, as the client will read it (JSON), is what `schema` allows, field for field. */
export function checkAnswer(schema: Schema, data: unknown, route: string): void {
  const json = JSON.stringify(data);
  const sent: unknown = json === undefined ? undefined : JSON.parse(json);
  const result = z.safeParse(schema, sent);
  if (!result.success) throw new ResponseContractError(`${route} answered outside its contract: ${z.prettifyError(result.error)}`);
  const unknown = unknownFields(sent, result.data, '');
  if (unknown.length > 0) throw new ResponseContractError(`${route} answered fields its contract lacks: ${unknown.join(', ')}`);
}

/**
 * Answers are written with their route's response schema. `strict` (CHECK_RESPONSES, on outside production)
 * checks each answer first; production only writes, which also drops fields off the contract.
 */
export function enableZodSerialization(app: FastifyInstance, { strict }: { strict: boolean }): void {
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    if (!(schema instanceof z.core.$ZodType)) throw new Error(`${method} ${url}: a response schema must be one of the contract's zod schemas`);
    const write = writerFor(schema);
    if (!strict) return write;
    const route = `${method} ${url} (${httpStatus})`;
    return (data: unknown) => {
      checkAnswer(schema, data, route);
      return write(data);
    };
  });
}
