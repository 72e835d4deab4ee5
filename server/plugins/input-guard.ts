// Input every route can trust before its own validation: JSON bodies no deeper than
// MAX_JSON_DEPTH and without prototype keys, and no text (in bodies, path parameters or query
// strings) that PostgreSQL cannot store or that is not Unicode: NUL and lone surrogates. Each
// refusal is a Spanish 400 before any route runs. Never interprets values beyond that.
import type { FastifyInstance } from 'fastify';
import { HttpError } from '#server/http-error';
import { appPlugin } from './plugin.ts';

/** The app's deepest body is two levels; 32 leaves room and keeps every recursive walk safe. */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP = 'El JSON tiene demasiados niveles de anidamiento';
export const FORBIDDEN_KEY = 'El JSON contiene claves no permitidas';
export const BAD_TEXT = 'El texto enviado contiene caracteres no válidos';

// NUL (PostgreSQL text cannot hold it) and UTF-16 surrogates without their pair (not Unicode).
// eslint-disable-next-line no-control-regex -- NUL is exactly the character this rejects
const BAD_CHARACTERS = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isCleanText(text: string): boolean {
  return !BAD_CHARACTERS.test(text);
}

/** Nesting depth of a JSON text, counted without parsing it (so a deep one never reaches a recursive parser). */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** JSON.parse for request bodies: throws HttpError 400 for too deep, prototype keys or bad text. */
export function parseRequestJson(text: string): unknown {
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new HttpError(400, TOO_DEEP);
  return JSON.parse(text, function guard(this: unknown, key: string, value: unknown) {
    if (key === '__proto__' || (key === 'constructor' && typeof value === 'object' && value !== null && 'prototype' in value)) {
      throw new HttpError(400, FORBIDDEN_KEY);
    }
    if ((typeof value === 'string' && !isCleanText(value)) || !isCleanText(key)) throw new HttpError(400, BAD_TEXT);
    return value;
  });
}

function assertCleanValues(values: unknown): void {
  if (values === null || typeof values !== 'object') return;
  for (const value of Object.values(values)) {
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((t) => typeof t === 'string' && !isCleanText(t))) throw new HttpError(400, BAD_TEXT);
  }
}

export const inputGuardPlugin = appPlugin('input-guard', async (app: FastifyInstance) => {
  // preValidation: params and query are decoded by then; bodies were checked while parsing.
  app.addHook('preValidation', async (request) => {
    assertCleanValues(request.params);
    assertCleanValues(request.query);
  });
});
