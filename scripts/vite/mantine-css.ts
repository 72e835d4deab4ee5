// Mantine's CSS per component: every Mantine module that holds a component's class names
// (`esm/**/<Name>.module.mjs`) imports that component's stylesheet, so the CSS follows the code
// into whatever chunk it lands in and a route carries only the styles of what it renders. Each
// file is its own sub-layer (`mantine.Button`), ordered as styles.css orders them by one
// statement at the top of index.html's head, before any stylesheet: the cascade stays that of
// the one big file whatever order chunks load and links land in, and the app's own CSS
// (unlayered) always wins. Never touches the app's code or CSS.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const CLASS_MODULE = /\/@mantine\/(core|notifications|carousel)\/esm\/(?:.+\/)?([A-Za-z]+)\.module\.mjs$/;
const CORE_STYLE = /\/@mantine\/core\/styles\/([A-Za-z-]+)\.layer\.css$/;
const PACKAGE_STYLE = /\/@mantine\/(notifications|carousel)\/styles\.layer\.css$/;
/** The entry imports it (src/main.tsx); in dev it brings all of Mantine's styles. */
const FIRST_BASE = 'baseline';
const LAYER_OPENING = /^@layer mantine \{/;

/** Core files in the order styles.css concatenates them (shared parts first), then the packages. */
function layerOrder(coreDir: string): string[] {
  const whole = readFileSync(join(coreDir, 'styles.css'), 'utf8');
  const names = readdirSync(join(coreDir, 'styles'))
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => file.slice(0, -'.css'.length));
  const at = new Map(names.map((name) => [name, whole.indexOf(readFileSync(join(coreDir, 'styles', `${name}.css`), 'utf8').trim())]));
  const lost = names.filter((name) => at.get(name)! < 0);
  // A Mantine release that stops concatenating the files this way must fail the build, not reorder it.
  if (lost.length > 0) throw new Error(`mantine-css: not found in styles.css: ${lost.join(', ')}`);
  return [...names.sort((a, b) => at.get(a)! - at.get(b)!), 'notifications', 'carousel'];
}

export function mantineCss(): Plugin {
  const require = createRequire(import.meta.url);
  const fileOf = (specifier: string) => require.resolve(specifier);
  let build = true;
  let order: string[] = [];

  const layered = (path: string, layer: string) => {
    const css = readFileSync(path, 'utf8');
    if (!LAYER_OPENING.test(css)) throw new Error(`mantine-css: ${path} does not open with @layer mantine`);
    return css.replace(LAYER_OPENING, `@layer mantine.${layer} {`);
  };

  return {
    name: 'impecable:mantine-css',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
      order = layerOrder(dirname(fileOf('@mantine/core/styles.css')));
    },
    load(id) {
      const path = id.split('?')[0]!;
      const core = CORE_STYLE.exec(path);
      // Dev pre-bundles Mantine out of this plugin's reach: the base file brings all of it.
      if (!build) {
        if (core?.[1] !== FIRST_BASE) return null;
        const all = ['@mantine/core/styles.layer.css', '@mantine/notifications/styles.layer.css', '@mantine/carousel/styles.layer.css'];
        return all.map((file) => `@import '${file}';`).join('\n');
      }
      if (core) return layered(path, core[1]!);
      const pkg = PACKAGE_STYLE.exec(path);
      return pkg ? layered(path, pkg[1]!) : null;
    },
    // The page's first style: a layer's place is set where it is first named, and the entry's
    // stylesheet is not always the first link (the static shell moves it below itself).
    transformIndexHtml() {
      if (!build) return [];
      return [{ tag: 'style', children: `@layer ${order.map((name) => `mantine.${name}`).join(',')};`, injectTo: 'head-prepend' }];
    },
    transform(code, id) {
      if (!build) return null;
      const match = CLASS_MODULE.exec(id.split('?')[0]!);
      if (!match) return null;
      const [, pkg, name] = match;
      const css = pkg === 'core' ? fileOf(`@mantine/core/styles/${name}.layer.css`) : fileOf(`@mantine/${pkg}/styles.layer.css`);
      return { code: `import ${JSON.stringify(css)};\n${code}`, map: null };
    },
  };
}
