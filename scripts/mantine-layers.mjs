// Mantine's CSS per component, as a patch of the installed package (patches/@mantine+*.patch,
// applied by `patch-package` on every install). Run by hand when Mantine is bumped, then
// `npx patch-package @mantine/core @mantine/notifications @mantine/carousel` saves the result:
//   node scripts/mantine-layers.mjs
// - Every Mantine module that holds a component's class names (`esm/**/<Name>.module.mjs`)
//   imports that component's stylesheet, so the CSS follows the code into whatever chunk it lands
//   in and a route carries only the styles of what it renders.
// - Each stylesheet is its own sub-layer (`@layer mantine.Button`), and index.html's head names
//   them all first, in the order styles.css concatenates them (shared parts first): the cascade
//   stays that of the one big file whatever order chunks load in, and the app's own CSS
//   (unlayered) always wins. This script writes that statement into index.html.
// Idempotent: files already changed are left as they are. Fails, rather than guess, when Mantine
// stops shipping its files this way.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

const require = createRequire(import.meta.url);
const root = join(dirname(new URL(import.meta.url).pathname), '..');
const packageDir = (pkg) => dirname(require.resolve(`@mantine/${pkg}/styles.css`));
const CLIENT = '"use client";\n';
const INDEX_HTML = join(root, 'index.html');
const ORDER_LINE = /^( *)<style>@layer mantine\.[^<]*<\/style>$/m;

/** Core files in the order styles.css concatenates them, then the two packages the app uses. */
function layerOrder(coreDir) {
  const whole = readFileSync(join(coreDir, 'styles.css'), 'utf8');
  const names = readdirSync(join(coreDir, 'styles'))
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => file.slice(0, -'.css'.length));
  const at = new Map(names.map((name) => [name, whole.indexOf(readFileSync(join(coreDir, 'styles', `${name}.css`), 'utf8').trim())]));
  const lost = names.filter((name) => at.get(name) < 0);
  if (lost.length > 0) throw new Error(`not found in @mantine/core/styles.css: ${lost.join(', ')}`);
  return [...names.sort((a, b) => at.get(a) - at.get(b)), 'notifications', 'carousel'];
}

/** `@layer mantine {` → `@layer mantine.<layer> {` at the top of one stylesheet. */
function nameLayer(file, layer) {
  const css = readFileSync(file, 'utf8');
  const named = `@layer mantine.${layer} {`;
  if (css.startsWith(named)) return;
  if (!css.startsWith('@layer mantine {')) throw new Error(`${file} does not open with @layer mantine`);
  writeFileSync(file, named + css.slice('@layer mantine {'.length));
}

/** One import of the component's stylesheet, after the module's "use client". */
function importStyles(module, stylesheet) {
  const code = readFileSync(module, 'utf8');
  const line = `import ${JSON.stringify(relative(dirname(module), stylesheet))};\n`;
  if (code.includes(line)) return;
  const at = code.startsWith(CLIENT) ? CLIENT.length : 0;
  writeFileSync(module, code.slice(0, at) + line + code.slice(at));
}

const core = packageDir('core');
const order = layerOrder(core);
for (const name of order.slice(0, -2)) {
  const file = join(core, 'styles', `${name}.layer.css`);
  nameLayer(file, name);
}
let modules = 0;
for (const pkg of ['core', 'notifications', 'carousel']) {
  const dir = packageDir(pkg);
  if (pkg !== 'core') nameLayer(join(dir, 'styles.layer.css'), pkg);
  for (const file of readdirSync(join(dir, 'esm'), { recursive: true, encoding: 'utf8' })) {
    const name = /(?:^|\/)([A-Za-z]+)\.module\.mjs$/.exec(file)?.[1];
    if (!name) continue;
    const stylesheet = pkg === 'core' ? join(dir, 'styles', `${name}.layer.css`) : join(dir, 'styles.layer.css');
    readFileSync(stylesheet); // a class module without its stylesheet fails here
    importStyles(join(dir, 'esm', file), stylesheet);
    modules += 1;
  }
}

const html = readFileSync(INDEX_HTML, 'utf8');
if (!ORDER_LINE.test(html)) throw new Error('index.html has no <style>@layer mantine.…;</style> line in its head to replace');
const statement = `<style>@layer ${order.map((name) => `mantine.${name}`).join(',')};</style>`;
writeFileSync(INDEX_HTML, html.replace(ORDER_LINE, (_, indent) => indent + statement));
console.log(`${modules} class modules import their stylesheet; ${order.length} layers named, in index.html's order statement.`);
