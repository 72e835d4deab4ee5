import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { allApiPaths } from '#contract/api-paths';
import { API_BASE } from '#contract/common';
import { buildPath, matchPath } from '#contract/paths';
import { QUIZ_PATHS } from '#contract/quiz';
import { RANKING_PATHS } from '#contract/ranking';
import { TRAINING_PATHS } from '#contract/training';

describe('buildPath and matchPath', () => {
  it('fill a pattern, encoded, and read it back', () => {
    expect(buildPath(QUIZ_PATHS.start, { atributo: 3, quizz: 1 })).toBe('/start/3/quizz/1');
    expect(buildPath(QUIZ_PATHS.answer, { participacion: 41, pregunta: 300, atributo: 3 })).toBe('/41/300/3/answer');
    expect(buildPath(RANKING_PATHS.page('marca'), { atributo: 'con estilo' })).toBe('/ranking-global-marca/con%20estilo');
    expect(buildPath(TRAINING_PATHS.logEvent)).toBe('/log/register');
    expect(matchPath(QUIZ_PATHS.answer, '/41/300/3/answer')).toEqual({ participacion: '41', pregunta: '300', atributo: '3' });
    expect(matchPath(RANKING_PATHS.page('marca'), '/ranking-global-marca/con%20estilo')).toEqual({ atributo: 'con estilo' });
  });

  it('match nothing but an instance of the pattern', () => {
    expect(matchPath(TRAINING_PATHS.reportProgress, '/video/12/progreso')).toBeNull();
    expect(matchPath(TRAINING_PATHS.reportProgress, '/video/12/porcentaje/x')).toBeNull();
    expect(matchPath(TRAINING_PATHS.reportProgress, '/video//porcentaje')).toBeNull();
    expect(matchPath(TRAINING_PATHS.reportProgress, '/video/%E0/porcentaje')).toBeNull();
  });

  it('refuse a pattern left half filled', () => {
    expect(() => buildPath(QUIZ_PATHS.start, { atributo: 3 } as never)).toThrow(':quizz');
  });
});

const ROOT = join(import.meta.dirname, '../..');

/** Product source: what ships. Tests and their support spell concrete URLs on purpose. */
const SCANNED = ['src', 'sw', 'server'];
const NOT_PRODUCT = [/\.test\.tsx?$/, /^src\/contract\//];
/** The app's own page URLs (react-router), a namespace of their own: '/atributos' is a page there. */
const PAGE_PATHS = 'src/domain/paths.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !NOT_PRODUCT.some((pattern) => pattern.test(path)) ? [path] : [];
  });
}

const HOLE = '\u0000';

interface Literal {
  text: string;
  /** `http.get('…')`, `api.post('…')`: the literal is the path of an HTTP call or a route. */
  routeOrCall: boolean;
}

/** Every string and template literal of a file; a template's `${…}` parts become HOLE. */
function literalsOf(path: string): Literal[] {
  const file = ts.createSourceFile(path, readFileSync(join(ROOT, path), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Literal[] = [];
  const isRouteOrCall = (node: ts.Node) => {
    const call = node.parent;
    return ts.isCallExpression(call) && call.arguments[0] === node && ts.isPropertyAccessExpression(call.expression)
      && /^(get|post|put|patch|delete|head)$/.test(call.expression.name.text) && /^(http|api|app)$/.test(call.expression.expression.getText(file));
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      found.push({ text: node.text, routeOrCall: isRouteOrCall(node) });
    } else if (ts.isTemplateExpression(node)) {
      const text = node.head.text + node.templateSpans.map((span) => HOLE + span.literal.text).join('');
      found.push({ text, routeOrCall: isRouteOrCall(node) });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A pattern as a test for literals: its segments match anything, a template's holes included. */
const asRegExp = (pattern: string) =>
  new RegExp(`^${pattern.split(/:\w+/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`);

/** Where an API path is written outside src/contract: `file: literal (why)`. */
function copiesOfApiPaths(files: string[]): string[] {
  const patterns = allApiPaths().map((pattern) => ({ pattern, test: asRegExp(pattern) }));
  return files.flatMap((file) =>
    literalsOf(file).flatMap(({ text, routeOrCall }) => {
      const where = `${file}: '${text.replaceAll(HOLE, '${…}')}'`;
      if (routeOrCall) return [`${where} (an HTTP call or route written with a literal path)`];
      if (text === API_BASE || text.includes(`${API_BASE}/`)) return [`${where} (an API URL)`];
      if (file === PAGE_PATHS || !text.startsWith('/')) return [];
      const copied = patterns.find(({ test }) => test.test(text));
      return copied ? [`${where} (a copy of ${copied.pattern})`] : [];
    }));
}

describe('API paths are written once, in src/contract', () => {
  it('each pattern once, spelled as the spec spells paths', () => {
    const paths = allApiPaths();
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
    expect(paths.filter((path) => !/^(\/(:[a-z]+|[a-z0-9-]+))+$/.test(path))).toEqual([]);
  });

  it('no product file outside src/contract writes one again', () => {
    const files = SCANNED.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    expect(copiesOfApiPaths(files)).toEqual([]);
  });
});
