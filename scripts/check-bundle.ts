// The build-size check of `npm test`: issue 16's bundle budgets (bench/lib/budgets.ts), read from
// the build's manifest the way `npm run bench` reads them (bench/lib/bundle.ts). Deterministic,
// so a change that makes a route heavier fails here instead of landing.
//   node --import tsx scripts/check-bundle.ts [distDir] [--json=file]
// Exits 1 naming each route over budget, its size and its heaviest files.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { measureBundle } from '../bench/lib/bundle.ts';
import { BUDGETS, BUNDLE_CEILINGS_KB, bundleVerdicts, formatKb } from '../bench/lib/budgets.ts';

const args = process.argv.slice(2);
const distDir = args.find((a) => !a.startsWith('--')) ?? 'dist';
const jsonOut = args.find((a) => a.startsWith('--json='))?.slice('--json='.length);

const report = measureBundle(distDir);
// Routes still over the issue's target are held to their ceiling: no regression can land.
const verdicts = bundleVerdicts(report, BUDGETS.bundle, BUNDLE_CEILINGS_KB);
const overTarget = bundleVerdicts(report).filter((v) => v.jsGzip > v.jsBudget);
const width = Math.max(...verdicts.map((v) => v.route.length), 5);
const kb = (bytes: number) => (bytes / 1024).toFixed(1).replace(/\.0$/, '');
const row = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(width) : c.padStart(18))).join('  '));

console.log(`Presupuestos de bundle (issue 16), gzip -9, en ${distDir}:`);
row(['ruta', 'JS / presupuesto', 'CSS / presupuesto', '']);
for (const v of verdicts) {
  row([v.route, `${kb(v.jsGzip)} / ${kb(v.jsBudget)} KB`, `${kb(v.cssGzip)} / ${kb(v.cssBudget)} KB`, v.ok ? '✓' : '✗']);
}
if (report.inline.jsGzip || report.inline.cssGzip) {
  console.log(`(incluye en cada ruta lo que index.html lleva en línea: JS ${formatKb(report.inline.jsGzip)}, CSS ${formatKb(report.inline.cssGzip)})`);
}

if (overTarget.length) {
  console.log(`Aún sobre el objetivo de la issue 16 (se mide en npm run bench): ${overTarget.map((v) => `${v.route} ${formatKb(v.jsGzip)} > ${formatKb(v.jsBudget)}`).join('; ')}`);
}
// A ceiling the route is well under should come down with it, or it lets the bytes back in.
for (const v of verdicts.filter((x) => BUNDLE_CEILINGS_KB[x.route] && x.jsBudget - x.jsGzip > 2 * 1024)) {
  console.log(`Techo holgado / loose ceiling: ${v.route} pesa ${formatKb(v.jsGzip)} con techo ${formatKb(v.jsBudget)}: bájalo en bench/lib/budgets.ts`);
}

const failures: string[] = [];
for (const v of verdicts.filter((x) => !x.ok)) {
  const parts = [
    v.jsGzip > v.jsBudget ? `JS ${formatKb(v.jsGzip)} > ${formatKb(v.jsBudget)}` : '',
    v.cssGzip > v.cssBudget ? `CSS ${formatKb(v.cssGzip)} > ${formatKb(v.cssBudget)}` : '',
  ].filter(Boolean);
  const heaviest = v.heaviest.map((h) => `${h.file} ${formatKb(h.gzip)}`).join(', ');
  failures.push(`${v.route}: ${parts.join(', ')} (lo más pesado / heaviest: ${heaviest})`);
}
if (!report.video.lazy) {
  failures.push(`video.js no va aparte / is not lazy: ${report.video.staticallyLoadedBy.join(', ') || 'no hay chunk propio / no chunk of its own'}`);
}

if (report.validation.staticallyLoadedBy.length) {
  failures.push(`zod va antes del primer pintado / zod is on the boot path: ${report.validation.staticallyLoadedBy.join(', ')} (los esquemas se cargan con import(): readJson en #api/http)`);
}

// Mantine's styles come with each component's code, one sub-layer per component (the
// per-component-css patch, patches/), cascading in the order index.html's first <style> names
// them. With the patch missing, the screens would have no Mantine styles at all; a sub-layer the
// statement does not name would cascade above the components built on it. Both are redone by
// scripts/mantine-layers.mjs when Mantine is bumped.
const ordered = /<style>@layer (mantine\.[^;<]+);<\/style>/.exec(readFileSync(join(distDir, 'index.html'), 'utf8'))?.[1]?.split(',') ?? [];
const assets = readdirSync(join(distDir, 'assets')).map((file) => join(distDir, 'assets', file));
const used = new Set(
  assets.filter((file) => file.endsWith('.css')).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/@layer (mantine\.[\w-]+)\s*\{/g)].map((m) => m[1]!)),
);
const unordered = [...used].filter((layer) => !ordered.includes(layer));
// Mantine's components keep their display names ('@mantine/core/Button') through minification.
const rendersMantine = assets.some((file) => file.endsWith('.js') && readFileSync(file, 'utf8').includes('@mantine/core/'));
if (rendersMantine && used.size === 0) {
  failures.push('los componentes de Mantine no traen sus estilos / Mantine components carry no styles (patches/@mantine+core+*per-component-css.patch sin aplicar: npm ci)');
} else if (unordered.length) {
  failures.push(`capas de Mantine fuera de la declaración de index.html / Mantine layers index.html does not order: ${unordered.join(', ')} (node scripts/mantine-layers.mjs)`);
}

const checks = verdicts.length + 3;
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ passed: checks - failures.length, failed: failures.length, failures }));
if (failures.length) {
  console.error(`\n✗ Presupuesto de bundle superado / bundle budget exceeded (${failures.length}):`);
  for (const line of failures) console.error(`  - ${line}`);
  console.error(`Presupuestos: /login JS ≤ ${BUDGETS.bundle.loginJsKb} KB, otras rutas JS ≤ ${BUDGETS.bundle.routeJsKb} KB, CSS ≤ ${BUDGETS.bundle.routeCssKb} KB; techos por ruta en BUNDLE_CEILINGS_KB (bench/lib/budgets.ts).`);
  process.exit(1);
}
console.log(`\n✓ ${verdicts.length} rutas dentro de presupuesto; video.js solo al abrir un vídeo; zod solo con la primera respuesta; Mantine trae sus estilos por componente, en capas ordenadas.`);
