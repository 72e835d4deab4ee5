// The page's first paint in the built index.html: the frame (src/app/shell/frame.tsx, the app's
// own components rendered to static markup: scripts/vite/frame.ts) at the frame marker, its CSS
// at the style marker, and at the boot marker the inline script that
// draws the route's frame (src/app/shell/inline.ts with its imports: the app's own route table
// and rules, bundled by Vite) with the app's entry (src/main.tsx, a build input: the page itself
// names no script) and where the files each route needs are listed (a module of their own, read
// from the build's own bundle). /premios' first card is a file of its own (PRIZE_FRAME_FILE),
// which the server puts in that page only. The script adds them once the frame is painted: the one place
// that writes the app's tags, so the first paint waits for no file. Never writes elsewhere.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import type { BootFiles, RouteFiles } from '#app/shell/boot.ts';
import { APP_FILES, ROUTES, SIGNED_IN_FILES } from '#app/routes.ts';
import { PRIZE_FRAME_FILE, PRIZE_FRAME_SLOT } from '#contract/common-constants';
import { renderFrame } from './frame.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const INLINE = `${SRC}app/shell/inline.ts`;
const ENTRY = `${SRC}main.tsx`;
const STYLE_MARKER = '<!--app-shell:style-->';
const BOOT_MARKER = '<!--app-shell:boot-->';
const FRAME_MARKER = '<!--app-shell:frame-->';

type Bundle = Rolldown.OutputBundle;
type Chunk = Rolldown.OutputChunk;

/** A chunk's file, its static imports and their CSS, minus what the entry already loads. */
function filesOf(bundle: Bundle, chunk: Chunk, skip: Set<string>, out: Set<string>): void {
  if (skip.has(chunk.fileName) || out.has(chunk.fileName)) return;
  out.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) if (!skip.has(css)) out.add(css);
  for (const name of chunk.imports) {
    const next = bundle[name];
    if (next?.type === 'chunk') filesOf(bundle, next, skip, out);
  }
}

/** The entry's files and those each route needs beyond it, from the build's bundle (none in dev). */
export function bootFiles(bundle: Bundle | undefined, base: string): { entry: BootFiles['entry']; routes: RouteFiles | null } {
  // In dev, Vite serves the entry's source and its styles come with it.
  if (!bundle) return { entry: { script: `${base}src/main.tsx`, modules: [], styles: [] }, routes: null };
  const files: string[] = [];
  const indexOf = (file: string) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
  const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
  const main = chunks.find((item) => item.isEntry && item.facadeModuleId === ENTRY);
  if (!main) throw new Error('app-shell: the build has no src/main.tsx entry (vite.config.ts rolldownOptions.input)');
  const entry = new Set<string>();
  filesOf(bundle, main, new Set(), entry);
  const entryFiles = [...entry].filter((name) => name !== main.fileName);
  const filesFor = (file: string): number[] => {
    const id = `${SRC}${file}`;
    const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`app-shell: no chunk holds src/${file} (src/app/routes.ts)`);
    const out = new Set<string>();
    filesOf(bundle, chunk, entry, out);
    return [...out].map((name) => indexOf(base + name));
  };
  const app = [...new Set(APP_FILES.flatMap(filesFor))];
  const signedIn = [...new Set(SIGNED_IN_FILES.flatMap(filesFor))].filter((file) => !app.includes(file));
  // A screen lists only what the router, the guard and the layout do not already bring.
  const screens = Object.fromEntries(
    ROUTES.map((route) => [route.screen, filesFor(route.screen).filter((file) => !app.includes(file) && (!route.signedIn || !signedIn.includes(file)))]),
  );
  return {
    entry: {
      script: base + main.fileName,
      modules: entryFiles.filter((name) => name.endsWith('.js')).map((name) => base + name),
      styles: entryFiles.filter((name) => name.endsWith('.css')).map((name) => base + name),
    },
    routes: { files, app, screens, signedIn },
  };
}

/**
 * The route lists as a built module of their own, named by its content (precached like every
 * asset): the page's first round trip (~14 KB on a slow network) carries only what paints, and
 * the inline script imports them once the frame is on screen.
 */
function routeFilesModule(routes: RouteFiles): { fileName: string; source: string } {
  const source = `export default ${JSON.stringify(routes)};`;
  return { fileName: `assets/route-files-${createHash('sha256').update(source).digest('base64url').slice(0, 10)}.js`, source };
}

/** src/app/shell/inline.ts and its imports as one minified script, given the build's files. */
async function bootScript(files: BootFiles): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'warn',
    define: { BOOT_FILES: JSON.stringify(files) },
    build: { write: false, minify: true, target: 'es2022', lib: { entry: INLINE, formats: ['iife'], name: 'impecableBoot' } },
  })) as Rolldown.RolldownOutput[];
  const code = output[0]!.output[0].code.trim();
  // Inline in a <script>: a '</script>' in a string would end it.
  return code.replace(/<\/script/gi, '<\\/script');
}

export function appShell(): Plugin {
  let base = '/';
  // In dev the page is asked for on every load: its script and frame are built once, again after an edit.
  let devScript: Promise<string> | null = null;
  let devFrame: ReturnType<typeof renderFrame> | null = null;
  // In a build, /premios' first card (PRIZE_FRAME_FILE), written after the page (generateBundle).
  let prizeFrame: string | null = null;
  // In a build, the route lists' module: named by the page, written after it (generateBundle).
  let routeModule: { fileName: string; source: string } | null = null;
  /** What the inline script is given: the entry, and where the route lists are. */
  const pageFiles = (bundle: Bundle | undefined): BootFiles => {
    const { entry, routes } = bootFiles(bundle, base);
    routeModule = bundle && routes ? routeFilesModule(routes) : null;
    return { entry, routes: routeModule ? base + routeModule.fileName : null };
  };
  return {
    name: 'impecable:app-shell',
    configResolved(config) {
      base = config.base;
    },
    configureServer(server) {
      server.watcher.on('change', () => {
        devScript = null;
        devFrame = null;
      });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (![STYLE_MARKER, FRAME_MARKER, BOOT_MARKER].every((marker) => html.includes(marker))) throw new Error('app-shell: index.html lost its markers');
        const [script, frame] = await Promise.all([
          ctx.bundle ? bootScript(pageFiles(ctx.bundle)) : (devScript ??= bootScript(pageFiles(undefined))),
          ctx.bundle ? renderFrame() : (devFrame ??= renderFrame()),
        ]);
        if (ctx.bundle) prizeFrame = `<style>${frame.prize.css}</style>${frame.prize.markup}`;
        if (!frame.markup.includes(PRIZE_FRAME_SLOT)) throw new Error('app-shell: the frame lost the slot of /premios\' first card');
        return html
          .replace(STYLE_MARKER, () => `<style>${frame.css}</style>`)
          .replace(FRAME_MARKER, () => frame.markup)
          .replace(BOOT_MARKER, () => `<script>${script}</script>`);
      },
    },
    // After Vite's own HTML step, which ran the transform above and so named the module.
    generateBundle: {
      order: 'post',
      handler() {
        if (!routeModule || !prizeFrame) throw new Error('app-shell: the page named no route lists, or no first card of /premios');
        this.emitFile({ type: 'asset', fileName: routeModule.fileName, source: routeModule.source });
        this.emitFile({ type: 'asset', fileName: PRIZE_FRAME_FILE, source: prizeFrame });
      },
    },
  };
}
