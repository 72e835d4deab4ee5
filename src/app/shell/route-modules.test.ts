import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { paths } from '#app/paths.ts';
import { SHARED_MODULES, SHELL_ROUTES, SIGNED_IN_MODULES } from './route-modules.ts';

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, '../..');
// app.tsx loads the router (or the sign-in screen alone); router.tsx the rest.
const routerSource = ['../app.tsx', '../router.tsx'].map((file) => readFileSync(join(here, file), 'utf8')).join('\n');

/** Every import() specifier of app.tsx and router.tsx: the modules the app loads on demand for a route. */
const routerImports = [...new Set([...routerSource.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!))];

/** A '#features/x/routes/y.tsx' specifier's file on disk. */
const fileOf = (specifier: string) => join(src, specifier.replace(/^#features\//, 'features/').replace(/^#app\//, 'app/'));

function sourcesUnder(dir: string): string {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.'))
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

describe('the shell route table', () => {
  it('reads the router: it found its lazy modules', () => {
    expect(routerImports.length).toBeGreaterThanOrEqual(SHELL_ROUTES.length);
  });

  it('lists every module app.tsx and router.tsx load on demand, so each route gets its modulepreload', () => {
    const listed = new Set<string>([...SIGNED_IN_MODULES, ...SHARED_MODULES, ...SHELL_ROUTES.map((route) => route.module)]);
    expect(routerImports.filter((specifier) => !listed.has(specifier))).toEqual([]);
  });

  it('lists only modules the router still loads', () => {
    const loaded = new Set(routerImports);
    expect([...SIGNED_IN_MODULES, ...SHARED_MODULES, ...SHELL_ROUTES.map((route) => route.module)].filter((specifier) => !loaded.has(specifier))).toEqual([]);
  });

  it('has one entry per screen URL of #domain/paths (the root only redirects)', () => {
    const patterns = Object.values(paths)
      .map((p) => p.path)
      .filter((p) => p !== paths.root.path);
    expect(SHELL_ROUTES.map((route) => route.pattern).sort()).toEqual(patterns.sort());
  });

  it.each(SHELL_ROUTES.filter((route) => route.text && route.frame === 'screen').map((route) => [route.pattern, route.text!, route.module]))(
    '%s: the title "%s" is still what its screen shows',
    (_pattern, text, module) => {
      // The feature folder of the route module: its screens and components live there.
      const featureDir = dirname(dirname(fileOf(module)));
      expect(sourcesUnder(featureDir)).toContain(text.replace('{atributo}', '${attributeName}'));
    },
  );

  it.each(SHELL_ROUTES.filter((route) => route.frame === 'status').map((route) => [route.pattern, route.text!, route.module]))(
    '%s: the label "%s" is what its route shows',
    (_pattern, text, module) => {
      expect(readFileSync(fileOf(module), 'utf8')).toContain(`"${text}"`);
    },
  );
});
