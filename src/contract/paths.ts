// How API paths are spelled and filled. Each path is written once, as a pattern relative to
// API_BASE in its resource's contract file (`QUIZ_PATHS.start = '/start/:atributo/quizz/:quizz'`):
// the server registers the pattern as it is, the app fills it with buildPath, and the outbox
// reads a stored path back with matchPath. Never spell an API path anywhere else
// (paths.test.ts fails on a copy).

/** The `:name` segments of a pattern, as a union of names. */
export type PathParamName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What fills a pattern: a value for each of its `:name` segments. */
export type PathParams<P extends string> = { [Name in PathParamName<P>]: string | number };

const PARAM = /:(\w+)/g;

/**
 * The path of `pattern` with its segments filled (URL-encoded), still relative to API_BASE
 * and with its leading slash: `buildPath(QUIZ_PATHS.start, { atributo: 3, quizz: 1 })` is
 * '/start/3/quizz/1'. Patterns without segments take no values.
 */
export function buildPath<P extends string>(pattern: P, ...values: PathParamName<P> extends never ? [] : [PathParams<P>]): string {
  const given = (values[0] ?? {}) as Record<string, string | number>;
  return pattern.replace(PARAM, (_segment, name: string) => {
    const value = given[name];
    if (value === undefined) throw new Error(`buildPath: falta el valor de :${name} en ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The segments of `path` when it is an instance of `pattern` (decoded strings), else null:
 * `matchPath(TRAINING_PATHS.reportProgress, '/video/12/porcentaje')` is `{ id: '12' }`.
 */
export function matchPath<P extends string>(pattern: P, path: string): Record<PathParamName<P>, string> | null {
  const names: string[] = [];
  const source = pattern
    .split(PARAM)
    .map((part, index) => {
      if (index % 2 === 1) {
        names.push(part);
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  const match = new RegExp(`^${source}$`).exec(path);
  if (!match) return null;
  const found: Record<string, string> = {};
  try {
    names.forEach((name, index) => {
      found[name] = decodeURIComponent(match[index + 1] ?? '');
    });
  } catch {
    return null; // A malformed escape ('%E0') is no instance of any pattern.
  }
  return found as Record<PathParamName<P>, string>;
}
