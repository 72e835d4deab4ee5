// The static app shell in the built index.html: inlines its critical CSS (src/app/shell/shell.css)
// and its boot script (src/app/shell/boot.ts, compiled and minified) at the page's two markers,
// with a small table of route → files to modulepreload, read from the build's own bundle, so a
// route's chunks are fetched at once instead of being discovered late. It also takes the entry's
// script, modulepreloads and stylesheets out of the page, for the boot script to add once the
// shell's first frame is painted: the first paint waits for no file of the app's, and the app's
// files do not share the network with it. Runs in dev too (with Vite's own script and no files to
// preload). Never writes elsewhere.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { minifySync, transformWithOxc, type Plugin, type Rolldown } from 'vite';
import type { ShellData } from '#app/shell/boot.ts';
import { ATTRIBUTE_SLUGS } from '#contract/attributes';
import { attributeNameFromSlug } from '#domain/attributes';
import { ROUTER_MODULE, SHELL_ROUTES, SIGNED_IN_MODULES } from '#app/shell/route-modules.ts';

const BOOT = fileURLToPath(new URL('../../src/app/shell/boot.ts', import.meta.url));
const CSS = fileURLToPath(new URL('../../src/app/shell/shell.css', import.meta.url));
const STYLE_MARKER = '<!--app-shell:style-->';
const BOOT_MARKER = '<!--app-shell:boot-->';

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;

/** Comments out, whitespace collapsed: the file is ours and has no strings where that matters. */
function minifyCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    // A colon followed by a space only ever ends a property name (selectors never have one).
    .replace(/: /g, ':')
    .replace(/;}/g, '}')
    .trim();
}

/** boot.ts as one inline statement: types stripped, exports dropped, called with the data. */
async function bootScript(data: ShellData): Promise<string> {
  const { code } = await transformWithOxc(readFileSync(BOOT, 'utf8'), BOOT, { lang: 'ts' });
  if (/^\s*import\s/m.test(code)) throw new Error('src/app/shell/boot.ts must not import at run time: it is inlined in index.html.');
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const program = `(function(){${code.replace(/^export\s+/gm, '')}\nbootShell(window,${json});})();`;
  const result = minifySync('app-shell.js', program, { compress: true, mangle: true });
  if (result.errors?.length) throw new Error(`app-shell: ${result.errors.map((e) => e.message).join('; ')}`);
  return result.code.trim();
}

/** A chunk's file, its static imports and their CSS, minus what index.html already loads. */
function filesOf(bundle: Bundle, chunk: Chunk, skip: Set<string>, out: Set<string>): void {
  if (skip.has(chunk.fileName) || out.has(chunk.fileName)) return;
  out.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) if (!skip.has(css)) out.add(css);
  for (const name of chunk.imports) {
    const next = bundle[name];
    if (next?.type === 'chunk') filesOf(bundle, next, skip, out);
  }
}

function shellData(bundle: Bundle | undefined, modules: Map<string, string>, base: string, entry: ShellData['entry']): ShellData {
  const files: string[] = [];
  const indexOf = (file: string) => {
    const url = base + file;
    if (!files.includes(url)) files.push(url);
    return files.indexOf(url);
  };
  const chunks = bundle ? Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk') : [];
  // What the entry loads statically comes with it (`entry`: script, modulepreloads, stylesheets).
  const entryFiles = new Set<string>();
  for (const chunk of chunks.filter((item) => item.isEntry)) filesOf(bundle!, chunk, new Set(), entryFiles);
  const filesFor = (specifiers: readonly string[]): number[] => {
    if (!bundle) return [];
    const out = new Set<string>();
    for (const specifier of specifiers) {
      const id = modules.get(specifier);
      const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => id !== undefined && c.moduleIds.includes(id));
      if (!chunk) throw new Error(`app-shell: no chunk holds ${specifier} (src/app/shell/route-modules.ts)`);
      filesOf(bundle, chunk, entryFiles, out);
    }
    return [...out].map(indexOf);
  };
  const signedIn = filesFor(SIGNED_IN_MODULES);
  // A signed-in route lists only what the router, guard and layout do not already bring; the
  // status screens (SSO, sign-out) come with the router, the sign-in screen without it (app.tsx).
  const own = (route: (typeof SHELL_ROUTES)[number]) =>
    route.frame === 'login'
      ? filesFor([route.module])
      : route.frame === 'status'
        ? filesFor([ROUTER_MODULE, route.module])
        : filesFor([route.module]).filter((index) => !signedIn.includes(index));
  const routes = SHELL_ROUTES.map((route): ShellData['routes'][number] => [route.pattern, route.frame, route.text ?? '', own(route)]);
  const names = Object.fromEntries(Object.values(ATTRIBUTE_SLUGS).map((slug) => [slug, attributeNameFromSlug(slug) ?? slug]));
  return { routes, files, signedIn, names, entry };
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const ENTRY_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const ENTRY_STYLE = /<link rel="stylesheet" crossorigin href="([^"]+)">\s*/g;

/**
 * The entry's <script>, modulepreloads and stylesheets, taken out of the page: the shell's
 * script adds them once its first frame is on screen (boot.ts `startApp`), so nothing of the
 * app's competes with the first paint for the network.
 */
export function takeEntry(html: string): { html: string; entry: ShellData['entry'] } {
  const urls = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!);
  const [script, ...others] = urls(ENTRY_SCRIPT);
  if (!script || others.length) throw new Error('app-shell: index.html must have exactly one entry <script type="module">');
  const entry = { script, modules: urls(ENTRY_PRELOAD), styles: urls(ENTRY_STYLE) };
  return { html: html.replace(ENTRY_SCRIPT, '').replace(ENTRY_PRELOAD, '').replace(ENTRY_STYLE, ''), entry };
}

export function appShell(): Plugin {
  let base = '/';
  let indexHtml = '';
  const modules = new Map<string, string>();
  return {
    name: 'impecable:app-shell',
    configResolved(config) {
      base = config.base;
      indexHtml = `${config.root}/index.html`;
    },
    async buildStart() {
      for (const specifier of [...SIGNED_IN_MODULES, ...SHELL_ROUTES.map((route) => route.module)]) {
        const resolved = await this.resolve(specifier, indexHtml);
        if (!resolved) throw new Error(`app-shell: cannot resolve ${specifier}`);
        modules.set(specifier, resolved.id);
      }
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!html.includes(STYLE_MARKER) || !html.includes(BOOT_MARKER)) throw new Error('app-shell: index.html lost its markers');
        // In dev the page keeps Vite's own <script> (there is no bundle to list).
        const { html: placed, entry } = ctx.bundle ? takeEntry(html) : { html, entry: null };
        const script = await bootScript(shellData(ctx.bundle, modules, base, entry));
        const css = minifyCss(readFileSync(CSS, 'utf8'));
        return placed.replace(STYLE_MARKER, () => `<style>${css}</style>`).replace(BOOT_MARKER, () => `<script>${script}</script>`);
      },
    },
  };
}
