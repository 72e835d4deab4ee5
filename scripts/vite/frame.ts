// The first paint's frame (src/app/shell/frame.tsx) as markup and CSS for index.html: React's
// static rendering of the app's own header, sign-in card and skeletons, with the CSS those
// components bring (Mantine's per-component files, the CSS modules: the same class names as the
// app's build) cut to the rules the markup uses, plus the frame's own switches (shell.css).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform, type Selector, type SelectorComponent } from 'lightningcss';
import { build, type Rolldown } from 'vite';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FRAME = `${ROOT}src/app/shell/frame.tsx`;
const OWN_CSS = `${ROOT}src/app/shell/shell.css`;
// Inside the project, so the bundle's externals (react, react-dom) resolve from its node_modules.
const CACHE = `${ROOT}node_modules/.cache/app-shell/`;

/** The class names an element of `markup` carries. */
export function classesIn(markup: string): Set<string> {
  const found = new Set<string>();
  for (const [, list] of markup.matchAll(/\sclass="([^"]*)"/g)) for (const name of list!.split(/\s+/)) if (name) found.add(name);
  return found;
}

/** Custom properties `text` reads (var(--name…)). */
function variablesRead(text: string): Set<string> {
  return new Set([...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]!));
}

/** A dark-scheme selector ([data-mantine-color-scheme='dark'] anywhere in it, :where() and :host() too): the app is light only. */
function isDark(part: unknown): boolean {
  if (Array.isArray(part)) return part.some(isDark);
  if (!part || typeof part !== 'object') return false;
  const { type, name, operation, selectors } = part as Partial<SelectorComponent & { name: string; operation: { value: string }; selectors: unknown }>;
  if (type === 'attribute' && name === 'data-mantine-color-scheme') return operation?.value === 'dark';
  return isDark(selectors);
}

/**
 * `css` with only what `markup` can use: style rules with a selector that names only classes the
 * markup has (and no dark scheme), then the custom properties something still reads, until none goes.
 */
export function pruneCss(css: string, markup: string, filename = 'frame.css'): string {
  const present = classesIn(markup);
  const usable = (selector: Selector) => !isDark(selector) && selector.every((part) => part.type !== 'class' || present.has(part.name));
  let code = transform({
    filename,
    code: Buffer.from(css),
    visitor: {
      Rule: {
        style(rule) {
          // A rule goes whole or stays whole: a rule handed back is read in again, which not
          // every value survives (Lightning CSS 1.30).
          return rule.value.selectors.some(usable) ? undefined : [];
        },
      },
    },
  }).code.toString();
  for (let round = 0; round < 8; round++) {
    const read = variablesRead(code + markup);
    const next = transform({
      filename,
      code: Buffer.from(code),
      // Lightning CSS hands over every property it does not parse itself here (content, touch-action…): only custom properties go.
      visitor: { Declaration: { custom: (property) => (!property.name.startsWith('--') || read.has(property.name) ? undefined : []) } },
    }).code.toString();
    if (next === code) break;
    code = next;
  }
  return transform({ filename, code: Buffer.from(code), minify: true }).code.toString();
}

/** The frame's inline <style> elements (Mantine's theme variables and classes) out of its markup. */
function takeStyles(markup: string): { markup: string; css: string[] } {
  const css: string[] = [];
  const rest = markup.replace(/<style[^>]*>([\s\S]*?)<\/style>/g, (_, text: string) => {
    css.push(text);
    return '';
  });
  return { markup: rest, css };
}

let builds = 0;

/** Renders frame.tsx to static markup (a Vite SSR build, Mantine bundled) with its CSS, pruned and minified. */
export async function renderFrame(): Promise<{ markup: string; css: string }> {
  const output = (await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: FRAME,
      write: false,
      // The CSS the frame's components import, as a file of the output.
      ssrEmitAssets: true,
      minify: false,
      rolldownOptions: {
        onLog(level, log, handler) {
          // Mantine's "use client" directives mean nothing here.
          if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
        },
      },
    },
    // Mantine is patched (patches/) and imports its CSS per component: bundled, not required.
    ssr: { noExternal: [/^@mantine\//] },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const files = (Array.isArray(output) ? output[0]! : output).output;
  const entry = files.find((file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.isEntry);
  if (!entry) throw new Error('app-shell: the frame build has no entry');
  const componentCss = files.flatMap((file) => (file.type === 'asset' && file.fileName.endsWith('.css') ? [String(file.source)] : []));
  mkdirSync(CACHE, { recursive: true });
  const file = `${CACHE}frame-${process.pid}-${++builds}.mjs`;
  writeFileSync(file, entry.code);
  let render: () => string;
  try {
    ({ renderFrame: render } = (await import(pathToFileURL(file).href)) as { renderFrame: () => string });
  } finally {
    rmSync(file, { force: true });
  }
  const { markup, css } = takeStyles(render());
  const all = [...componentCss, ...css, readFileSync(OWN_CSS, 'utf8')].join('\n');
  return { markup, css: pruneCss(all, markup) };
}
