// What a route declares from the contract besides its input: the answers it may give and its
// path pattern as Fastify needs it. `replies(schema)` is the response map of a JSON route (its
// success schema, and the error body for every 4xx and 5xx); `digitsOnly` constrains numeric
// path segments. Routes answering bytes or a page (xlsx, images, coupon pages) declare no
// response map: there is no JSON body to write. Never defines a path or a body of its own:
// both come from src/contract (zod.ts writes them). `sendKept` sends a cached answer's text.
import type { FastifyReply } from 'fastify';
import { apiErrorSchema } from '#contract/common';
import type { PathParamName } from '#contract/paths';
import * as z from 'zod/mini';

/**
 * Every error body the errors plugin writes: `{ success: false, error }`, plus what an
 * HttpError carries beside it (`maintenance: 1`, an import's `errores`, a redeem's
 * `status`/`message`), so it stays open beyond those two fields.
 */
const errorBodySchema = z.looseObject(apiErrorSchema.shape);

const errors = { '4xx': errorBodySchema, '5xx': errorBodySchema } as const;

/** The response map of a JSON route: `success` for 200, the error body otherwise. */
export function replies<S extends z.core.$ZodType>(success: S): { 200: S; '4xx': typeof errorBodySchema; '5xx': typeof errorBodySchema } {
  return { 200: success, ...errors };
}

/**
 * The pattern with the named segments constrained to digits (find-my-way's `:name(^\d+)`), so
 * `/:participacion/pregunta` never catches another path of two segments.
 */
export function digitsOnly<P extends string>(pattern: P, ...names: PathParamName<P>[]): string {
  return names.reduce<string>((path, name) => path.replace(new RegExp(`:${name}(?!\\w)`), `:${name}(^\\d+)`), pattern);
}

/** Each kept answer's text per writer (a route's compiled serializer). */
const keptTexts = new WeakMap<object, Map<unknown, string>>();

/**
 * Sends `answer`, an object a read cache keeps (never changed once made), written by the route's
 * own serializer (and checked against its contract where answers are checked) the first time
 * that serializer writes it; the next requests that get the same object send that text. Writing
 * a large answer costs more than everything else such a read does.
 */
export function sendKept(reply: FastifyReply, answer: object): FastifyReply {
  const writer = reply.getSerializationFunction(String(reply.statusCode)) ?? null;
  let texts = keptTexts.get(answer);
  if (!texts) keptTexts.set(answer, (texts = new Map()));
  let text = texts.get(writer);
  // Our serializer compiler (zod.ts) always writes text.
  if (text === undefined) texts.set(writer, (text = reply.serialize(answer) as string));
  return reply.type('application/json; charset=utf-8').send(text);
}
