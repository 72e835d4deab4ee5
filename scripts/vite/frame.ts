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
/** What index.html's <html> carries (Mantine's provider sets it only once the app runs). */
const PAGE_ATTRIBUTES = { 'data-mantine-color-scheme': ['light'] };

/** The class names an element of `markup` carries. */
export function classesIn(markup: string): Set<string> {
  const found = new Set<string>();
  for (const [, list] of markup.matchAll(/\sclass="([^"]*)"/g)) for (const name of list!.split(/\s+/)) if (name) found.add(name);
  return found;
}

/**
 * The attributes elements of `markup` carry, each with its values ('' when bare), plus `page`'s
 * (those of index.html's own elements).
 */
export function attributesIn(markup: string, page: Record<string, string[]> = {}): Map<string, Set<string>> {
  const found = new Map(Object.entries(page).map(([name, values]) => [name, new Set(values)]));
  for (const [tag] of markup.matchAll(/<[a-z][^>]*>/g)) {
    for (const [, name, value] of tag.slice(1).matchAll(/\s([^\s=/>]+)(?:="([^"]*)")?/g)) {
      if (!found.has(name!)) found.set(name!, new Set());
      found.get(name!)!.add(value ?? '');
    }
  }
  return found;
}

/** Custom properties `text` reads (var(--name…)). */
function variablesRead(text: string): Set<string> {
  return new Set([...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]!));
}

/** Whether a declaration of `css` other than @keyframes' own names the animation `name`. */
function animationsNamed(css: string, name: string): boolean {
  return new RegExp(`animation(?:-name)?\\s*:[^;}]*\\b${name.replace(/[^\w-]/g, '')}\\b`).test(css);
}

/** `selectors` of a pseudo-class as a list (Lightning CSS gives :host() one selector, :is() a list). */
function selectorList(selectors: unknown): Selector[] {
  if (!Array.isArray(selectors) || !selectors.length) return [];
  return Array.isArray(selectors[0]) ? (selectors as Selector[]) : [selectors as Selector];
}

const UNREACHABLE_STATES = new Set(['hover', 'active', 'focus', 'focus-visible', 'focus-within', 'disabled']);

/**
 * Whether `selector` can match an element of the markup: every class it names is on some element,
 * every attribute it asks for is (with that value, for [name=value]), inside :where(), :is() and
 * :host() too, and it asks for no state an inert frame never has (:hover, :focus…). Not inside :not() or :has(), and not whether one element has them all: it may
 * keep a rule that matches nothing, never drop one that matches.
 */
function canMatch(selector: Selector, classes: Set<string>, attributes: Map<string, Set<string>>): boolean {
  return selector.every((part: SelectorComponent) => {
    if (part.type === 'class') return classes.has(part.name);
    if (part.type === 'attribute') {
      const values = attributes.get(part.name);
      if (!values) return false;
      return part.operation?.operator === 'equal' ? values.has(part.operation.value) : true;
    }
    // The frame is inert: nothing in it is hovered, pressed or focused.
    if (part.type === 'pseudo-class' && UNREACHABLE_STATES.has(part.kind)) return false;
    if (part.type === 'pseudo-class' && (part.kind === 'where' || part.kind === 'is' || part.kind === 'host') && 'selectors' in part) {
      const list = selectorList(part.selectors);
      return !list.length || list.some((inner) => canMatch(inner, classes, attributes));
    }
    return true;
  });
}

/**
 * `css` with only what `markup` can use: style rules with a selector that can match its elements
 * (`page`: the attributes index.html's own elements carry), then the custom properties nothing
 * reads (in the CSS left, the markup or `alsoReading`), until none goes.
 */
export function pruneCss(css: string, markup: string, { page = {}, alsoReading = '', filename = 'frame.css' }: { page?: Record<string, string[]>; alsoReading?: string; filename?: string } = {}): string {
  const classes = classesIn(markup);
  const attributes = attributesIn(markup, page);
  let code = transform({
    filename,
    code: Buffer.from(css),
    visitor: {
      Rule: {
        style(rule) {
          // A rule goes whole or stays whole: a rule handed back is read in again, which not
          // every value survives (Lightning CSS 1.30).
          return rule.value.selectors.some((selector) => canMatch(selector, classes, attributes)) ? undefined : [];
        },
      },
    },
  }).code.toString();
  for (let round = 0; round < 8; round++) {
    const read = variablesRead(code + markup + alsoReading);
    const next = transform({
      filename,
      code: Buffer.from(code),
      // Lightning CSS hands over every property it does not parse itself here (content, touch-action…): only custom properties go.
      visitor: { Declaration: { custom: (property) => (!property.name.startsWith('--') || read.has(property.name) ? undefined : []) } },
    }).code.toString();
    if (next === code) break;
    code = next;
  }
  // Animations no rule left runs.
  code = transform({
    filename,
    code: Buffer.from(code),
    visitor: { Rule: { keyframes: (rule) => (animationsNamed(code + alsoReading, rule.value.name.value) ? undefined : []) } },
  }).code.toString();
  return transform({ filename, code: Buffer.from(code), minify: true }).code.toString();
}

/** The custom properties `css` declares (outside the dark scheme, which the page never has). */
function declaredBy(css: string): Set<string> {
  const names = new Set<string>();
  transform({
    filename: 'theme.css',
    code: Buffer.from(css),
    visitor: {
      Rule: {
        style(rule) {
          if (JSON.stringify(rule.value.selectors).includes('"value":"dark"')) return;
          for (const declaration of rule.value.declarations.declarations) if (declaration.property === 'custom' && declaration.value.name.startsWith('--')) names.add(declaration.value.name);
        },
      },
    },
  });
  return names;
}

/**
 * `css` without its declarations of `names`: Mantine's default variables (a layer) that the
 * theme's own (MantineProvider's, unlayered, so they win) declare again.
 */
function withoutDeclared(css: string, names: Set<string>): string {
  return transform({
    filename: 'components.css',
    code: Buffer.from(css),
    visitor: { Declaration: { custom: (property) => (names.has(property.name) ? [] : undefined) } },
  }).code.toString();
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

/** A minified stylesheet's top-level rules (an @layer or @media block whole). */
export function topLevelRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) {
      rules.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  return rules;
}

/** `css` without the top-level rules `present` already has, word for word (both minified by pruneCss). */
export function withoutRulesOf(css: string, present: string): string {
  const have = new Set(topLevelRules(present));
  return topLevelRules(css).filter((rule) => !have.has(rule)).join('');
}

export interface RenderedFrame {
  markup: string;
  css: string;
  /** /premios' first card: its markup and the CSS it needs beyond the frame's. */
  prize: { markup: string; css: string };
}

/** Renders frame.tsx to static markup (a Vite SSR build, Mantine bundled) with its CSS, pruned and minified. */
export async function renderFrame(): Promise<RenderedFrame> {
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
  let render: () => { frame: string; prize: string };
  try {
    ({ renderFrame: render } = (await import(pathToFileURL(file).href)) as { renderFrame: typeof render });
  } finally {
    rmSync(file, { force: true });
  }
  const rendered = render();
  const { markup, css } = takeStyles(rendered.frame);
  const prize = takeStyles(rendered.prize);
  // The frame's own switches read attributes the inline script sets: kept whole.
  const own = transform({ filename: OWN_CSS, code: readFileSync(OWN_CSS), minify: true }).code.toString();
  const theme = css.join('\n');
  const themeVariables = declaredBy(theme);
  const components = withoutDeclared(componentCss.join('\n'), themeVariables);
  // The page keeps every variable of the theme, read by the frame or not: the app's provider
  // writes none itself (providers.tsx, withCssVariables={false}), so its first render does not
  // compute them all again.
  const everyThemeVariable = [...themeVariables].map((name) => `var(${name})`).join(' ');
  const frameCss = pruneCss(`${components}\n${theme}`, markup, { page: PAGE_ATTRIBUTES, alsoReading: `${own} ${everyThemeVariable}` });
  const prizeCss = pruneCss(`${components}\n${prize.css.join('\n')}`, prize.markup, { page: PAGE_ATTRIBUTES, alsoReading: everyThemeVariable });
  return { markup, css: frameCss + own, prize: { markup: prize.markup, css: withoutRulesOf(prizeCss, frameCss) } };
}
