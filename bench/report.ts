// Turns the measurements into the report: every figure next to its budget (lib/budgets.ts) and
// whether it meets it (bench/results/latest.json and latest.md), the machine's load around each
// step, and a closing note that names each missed budget, why, and what would fix it
// (report-notes.ts). Outbox, floor reconnect and API checks are in report-server.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { BUDGETS, bundleVerdicts, formatKb } from './lib/budgets.ts';
import type { BundleReport } from './lib/bundle.ts';
import type { LighthouseRoute } from './lighthouse.ts';
import type { OfflineReport } from './offline.ts';
import { apiChecks, floorChecks, outboxChecks, overloadChecks } from './report-server.ts';
import { MISS_NOTES } from './report-notes.ts';
import { VIDEO_SECTION, videoChecks, videoFigures } from './report-video.ts';
import type { BenchResults, Check } from './report-types.ts';

export type { ApiRun, BenchResults, Check, StepLoad } from './report-types.ts';

function bundleChecks(bundle: BundleReport): Check[] {
  const checks: Check[] = bundleVerdicts(bundle).map((v) => ({
    section: 'Bundle',
    name: `${v.route}: JS · CSS`,
    value: `${formatKb(v.jsGzip)} · ${formatKb(v.cssGzip)}`,
    budget: `≤ ${v.jsBudget / 1024} KB · ≤ ${v.cssBudget / 1024} KB`,
    ok: v.ok,
    note: 'bundle-route',
    detail: `${v.route}: ${v.heaviest.map((h) => `${h.file} ${formatKb(h.gzip)}`).join(', ')}`,
  }));
  checks.push(
    { section: 'Bundle', name: 'index.html en línea (JS · CSS), ya sumado en cada ruta', value: `${formatKb(bundle.inline?.jsGzip ?? 0)} · ${formatKb(bundle.inline?.cssGzip ?? 0)}`, budget: '—', ok: null },
    { section: 'Bundle', name: 'CSS total de la build (informativo)', value: formatKb(bundle.allCssGzip), budget: '—', ok: null },
    {
      section: 'Bundle',
      name: 'video.js en un chunk aparte, cargado solo al abrir un vídeo',
      value: bundle.video.lazy ? `sí (${formatKb(bundle.video.jsGzip)})` : `no (${bundle.video.staticallyLoadedBy.join(', ') || 'sin chunk'})`,
      budget: 'sí',
      ok: bundle.video.lazy,
      note: 'bundle-video',
    },
  );
  // Reports written before the check existed have no `validation`.
  if (bundle.validation) {
    const zodRoutes = bundle.validation.staticallyLoadedBy;
    checks.push({
      section: 'Bundle',
      name: 'zod (esquemas del contrato) fuera del arranque, cargado con la primera respuesta',
      value: zodRoutes.length ? `no (${zodRoutes.join(', ')})` : 'sí',
      budget: 'sí',
      ok: zodRoutes.length === 0,
    });
  }
  return checks;
}

const isNumber = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** The 1-minute load when the Lighthouse step started, if the report recorded it. */
const lighthouseLoad = (results: Omit<BenchResults, 'checks'>): number | undefined => results.load?.findLast((l) => l.step === 'lighthouse')?.start[0];

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

function lighthouseChecks(routes: LighthouseRoute[], load: number | undefined): Check[] {
  const lh = BUDGETS.lighthouse;
  // Absolute scores mean something only on a quiet machine (issue 37); the comparisons with the
  // yardsticks of the same rounds are judged whatever the load.
  const quiet = isNumber(load) && load < lh.quietLoad;
  const busy = isNumber(load) ? `máquina ocupada: carga ${load.toFixed(2)} al empezar` : 'carga al empezar no registrada';
  const reference = routes.find((r) => r.reference);
  const referenceMeasured = reference !== undefined && reference.runs.length > 0;
  return routes
    .filter((r) => !r.baseline && !r.reference)
    .flatMap((r): Check[] => {
      const base = { section: 'Lighthouse', inFigures: true as const };
      if (r.runs.length === 0) return [{ ...base, name: r.route, value: `error: ${r.error ?? '?'}`, budget: '—', ok: false, note: 'lh-perf' }];
      const failing = r.failedAccessibilityAudits.length ? ` (fallan: ${r.failedAccessibilityAudits.join(', ')})` : '';
      const failedRun = r.error ? ` (alguna ejecución falló: ${r.error})` : '';
      // An old report has no reference (nothing to judge); a reference that was not measured fails the route's comparison.
      const withReference = (figure: () => Pick<Check, 'value' | 'ok'>): Pick<Check, 'value' | 'ok'> =>
        !reference ? { value: 'sin referencia', ok: null } : !referenceMeasured ? { value: `referencia sin medir${reference.error ? ` (${reference.error})` : ''}`, ok: false } : figure();
      return [
        {
          ...base,
          name: `${r.route}: rendimiento`,
          value: `${r.performanceMedian}; mín ${r.performanceMin}${failedRun}${quiet ? '' : ` (${busy}: no se juzga)`}`,
          budget: `≥ ${lh.performanceMedian}; ninguna < ${lh.performanceMin}; con carga < ${lh.quietLoad}`,
          // A run that failed cannot show it stayed above the minimum.
          ok: r.error ? false : quiet ? r.performanceMedian >= lh.performanceMedian && r.performanceMin >= lh.performanceMin : null,
          note: 'lh-perf',
        },
        {
          ...base,
          name: `${r.route}: rendimiento frente a la referencia`,
          ...withReference(() => {
            const difference = r.performanceMedian - reference!.performanceMedian;
            return { value: `${signed(difference)} (${r.performanceMedian} frente a ${reference!.performanceMedian})`, ok: difference >= -lh.performanceBelowReference };
          }),
          budget: `≥ −${lh.performanceBelowReference}`,
          note: 'lh-reference',
        },
        {
          ...base,
          name: `${r.route}: TBT / referencia`,
          ...withReference(() => ({
            value: `${isNumber(r.tbtRatio) ? r.tbtRatio.toFixed(2) : '—'} (${r.tbtMedianMs} ms frente a ${reference!.tbtMedianMs} ms)`,
            ok: r.tbtMedianMs <= lh.tbtRatio * reference!.tbtMedianMs,
          })),
          budget: `≤ ${lh.tbtRatio}`,
          note: 'lh-tbt',
        },
        { ...base, name: `${r.route}: CLS`, value: String(r.clsMedian), budget: `≤ ${lh.cls}`, ok: isNumber(r.clsMedian) ? r.clsMedian <= lh.cls : null, note: 'lh-cls' },
        { ...base, name: `${r.route}: LCP / página base`, value: isNumber(r.lcpRatio) ? r.lcpRatio.toFixed(2) : 'sin base', budget: `≤ ${lh.lcpRatio}`, ok: isNumber(r.lcpRatio) ? r.lcpRatio <= lh.lcpRatio : null, note: 'lh-ratio' },
        { ...base, name: `${r.route}: accesibilidad${failing}`, value: String(r.accessibilityMedian), budget: `≥ ${lh.accessibility}`, ok: r.accessibilityMedian >= lh.accessibility, note: 'lh-a11y' },
      ];
    });
}

function offlineChecks(offline: OfflineReport): Check[] {
  const o = BUDGETS.offline;
  const checks: Check[] = [
    {
      section: 'PWA',
      name: 'Instalable (Page.getInstallabilityErrors)',
      value: offline.installabilityErrors.length ? offline.installabilityErrors.join('; ') : 'sin errores',
      budget: 'sin errores',
      ok: offline.installabilityErrors.length === 0,
      note: 'installability',
    },
  ];
  for (const rate of offline.rates) {
    const budgeted = rate.cpuSlowdown === o.cpuSlowdown;
    const missing = rate.contentMissing ? ` (no apareció en ${rate.contentMissing} de ${rate.contentMs.length})` : '';
    const content = isNumber(rate.contentMedianMs) ? `${rate.contentMedianMs} ms${missing}` : `no apareció${missing}`;
    checks.push(
      { section: 'PWA', name: `Sin red, CPU ×${rate.cpuSlowdown}: primer pintado (FCP, mediana)`, value: `${rate.fcpMedianMs} ms`, budget: '—', ok: null },
      {
        section: 'PWA',
        name: `Sin red, CPU ×${rate.cpuSlowdown}: "Hola, {nick}" pintado (mediana)`,
        value: `${rate.holaMedianMs} ms`,
        budget: budgeted ? `≤ ${o.holaMs} ms` : '—',
        ok: budgeted ? rate.holaMedianMs <= o.holaMs : null,
        note: 'offline-hola',
      },
      {
        section: 'PWA',
        name: `Sin red, CPU ×${rate.cpuSlowdown}: contenido cacheado de /home pintado (mediana)`,
        value: content,
        budget: budgeted ? `≤ ${o.contentMs} ms, en todas las visitas` : '—',
        ok: budgeted ? isNumber(rate.contentMedianMs) && rate.contentMedianMs <= o.contentMs && !rate.contentMissing : null,
        note: 'offline-content',
      },
    );
  }
  const network = [...new Set(offline.rates.flatMap((r) => r.networkRequests))];
  checks.push({ section: 'PWA', name: 'Sin red: peticiones que salieron a la red', value: network.length ? network.join(', ') : 'ninguna', budget: 'ninguna', ok: network.length === 0, note: 'offline-network' });
  return checks;
}

const CARRIED = 'cifras de la ejecución anterior';

/** The note for a section a partial run (--only) carries over from `previous`. */
export function carriedNote(previous: Pick<BenchResults, 'startedAt' | 'skipped'>, step: string): string {
  // A section already carried over keeps the date it was measured, not the last run's.
  const before = previous.skipped.find((line) => line.startsWith(`${step}: ${CARRIED} (`));
  const at = before?.slice(`${step}: ${CARRIED} (`.length).split(')')[0] ?? previous.startedAt;
  return `${step}: ${CARRIED} (${at}), no repetido en esta (--only)`;
}

export function buildChecks(results: Omit<BenchResults, 'checks'>): Check[] {
  return [
    ...(results.bundle ? bundleChecks(results.bundle) : []),
    ...(results.lighthouse ? lighthouseChecks(results.lighthouse, lighthouseLoad(results)) : []),
    ...(results.offline ? offlineChecks(results.offline) : []),
    ...(results.outbox ? outboxChecks(results.outbox) : []),
    ...(results.sync ?? []).flatMap(floorChecks),
    ...(results.api ?? []).flatMap(apiChecks),
    ...(results.overload ?? []).flatMap(overloadChecks),
    ...(results.video ? videoChecks(results.video) : []),
  ];
}

const mark = (ok: boolean | null | undefined) => (ok === null || ok === undefined ? '' : ok ? ' ✅' : ' ❌');
const cell = (text: string) => text.replace(/\|/g, '\\|');
const loadText = (load: number[]) => load.map((l) => l.toFixed(2)).join(' / ');

/** One row per page: the figures, each budgeted one marked against its check; the yardsticks first. */
function lighthouseFigures(routes: LighthouseRoute[], checks: Check[], load: number | undefined): string[] {
  const ok = (route: string, what: string) => checks.find((c) => c.name === `${route}: ${what}` || c.name.startsWith(`${route}: ${what} (`))?.ok;
  const lines = [
    `| página | rendimiento (mediana; mín) | − referencia | FCP | LCP | TBT | TBT / referencia | CLS (mediana; máx) | LCP / base | accesibilidad |`,
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of routes) {
    const name = r.baseline
      ? `página base (${r.route})`
      : r.reference
        ? `página de referencia (${r.route}${isNumber(r.jsGzip) ? `, ${formatKb(r.jsGzip)} de JS gzip` : ''})`
        : r.route;
    if (r.runs.length === 0) {
      lines.push(`| ${name} | error: ${cell(r.error ?? '?')} ❌ | | | | | | | | |`);
      continue;
    }
    const yardstick = r.baseline || r.reference;
    const lcp = r.baseline ? '1' : r.reference ? (isNumber(r.lcpRatio) ? r.lcpRatio.toFixed(2) : '—') : `${isNumber(r.lcpRatio) ? r.lcpRatio.toFixed(2) : '—'}${mark(ok(r.route, 'LCP / página base'))}`;
    const vsReference = r.reference ? '0' : yardstick || !isNumber(r.performanceVsReference) ? '—' : `${signed(r.performanceVsReference)}${mark(ok(r.route, 'rendimiento frente a la referencia'))}`;
    const tbt = r.reference ? '1' : yardstick || !isNumber(r.tbtRatio) ? '—' : `${r.tbtRatio.toFixed(2)}${mark(ok(r.route, 'TBT / referencia'))}`;
    lines.push(
      `| ${name} | ${r.performanceMedian}; ${r.performanceMin}${mark(ok(r.route, 'rendimiento'))} | ${vsReference} | ${r.fcpMedianMs ?? '—'} ms | ${r.lcpMedianMs} ms | ${r.tbtMedianMs ?? '—'} ms | ${tbt} | ${r.clsMedian ?? '—'}; ${r.clsMax ?? '—'}${mark(ok(r.route, 'CLS'))} | ${lcp} | ${r.accessibilityMedian}${mark(ok(r.route, 'accesibilidad'))} |`,
    );
  }
  const lh = BUDGETS.lighthouse;
  const quiet = isNumber(load) && load < lh.quietLoad;
  const runs = routes.find((r) => r.runs.length > 0)?.runs.length ?? 0;
  lines.push(
    '',
    `Presupuestos por ruta: rendimiento ≥ ${lh.performanceMedian} de mediana y ninguna ejecución < ${lh.performanceMin}, juzgados solo con la máquina en calma (carga de 1 minuto < ${lh.quietLoad} al empezar; ${quiet ? `esta vez ${load!.toFixed(2)}` : isNumber(load) ? `esta vez ${load.toFixed(2)}: **máquina ocupada**, solo se informan` : 'esta vez no registrada: solo se informan'}); como mucho ${lh.performanceBelowReference} puntos por debajo de la página de referencia; TBT ≤ ${lh.tbtRatio}× el de la referencia; LCP ≤ ${lh.lcpRatio}× el de la página base; CLS ≤ ${lh.cls}; accesibilidad ≥ ${lh.accessibility}. Ejecuciones por página: ${runs}, intercaladas en las mismas rondas con la página base (la cabecera en HTML estático, sin JS) y la de referencia (React 19 + Mantine 9 con el tema de la app: cabecera, título y tres tarjetas con barras de progreso, sin capa de datos; bench/reference/).`,
  );
  return lines;
}

export function toMarkdown(results: BenchResults): string {
  const lines = [
    '# Resultados del bench',
    '',
    `Ejecutado con \`npm run bench\` el ${results.startedAt} (terminó ${results.finishedAt}).`,
    '',
    Object.entries(results.machine)
      .map(([k, v]) => `- ${k}: ${v}`)
      .join('\n'),
    '',
  ];
  if (results.load?.length) {
    lines.push('## Carga de la máquina por paso (1 / 5 / 15 min)', '', '| paso | al empezar | al terminar | duración |', '|---|---|---|---|');
    for (const l of results.load) lines.push(`| ${l.step} | ${loadText(l.start)} | ${loadText(l.end)} | ${l.seconds} s |`);
    lines.push('');
  }
  for (const section of [...new Set(results.checks.map((c) => c.section))]) {
    const checks = results.checks.filter((x) => x.section === section);
    lines.push(`## ${section}`, '');
    if (section === 'Lighthouse' && results.lighthouse) lines.push(...lighthouseFigures(results.lighthouse, checks, lighthouseLoad(results)), '');
    if (section === VIDEO_SECTION && results.video) lines.push(...videoFigures(results.video, checks), '');
    const rows = checks.filter((c) => !c.inFigures);
    if (rows.length) {
      lines.push('| medida | valor | presupuesto | cumple |', '|---|---|---|---|');
      for (const c of rows) lines.push(`| ${cell(c.name)} | ${cell(c.value)} | ${cell(c.budget)} | ${mark(c.ok).trim() || '—'} |`);
      lines.push('');
    }
  }
  if (results.skipped.length) lines.push('## No medido', '', ...results.skipped.map((s) => `- ${s}`), '');
  const missed = results.checks.filter((c) => c.ok === false);
  lines.push('## Nota final', '');
  if (missed.length === 0) {
    lines.push('Todos los presupuestos medidos se cumplen.');
  } else {
    lines.push(`Presupuestos incumplidos (${missed.length}):`, '');
    const byNote = new Map<string, Check[]>();
    for (const c of missed) byNote.set(c.note ?? '', [...(byNote.get(c.note ?? '') ?? []), c]);
    for (const [note, checks] of byNote) {
      lines.push(`- **${checks.map((c) => c.name).join('; ')}**: ${MISS_NOTES[note] ?? 'ver la medida.'}`);
      // Three details are enough to see where the bytes go: routes share most of their files.
      for (const detail of checks.flatMap((c) => (c.detail ? [c.detail] : [])).slice(0, 3)) lines.push(`  - ${detail}`);
    }
  }
  lines.push('');
  return lines.join('\n');
}

export function writeResults(results: BenchResults, dir = 'bench/results'): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/latest.json`, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(`${dir}/latest.md`, toMarkdown(results));
}
