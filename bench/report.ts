// Turns the measurements into the report: every figure next to its budget and whether it
// meets it (bench/results/latest.json and latest.md), with a closing note that names each
// missed budget, why, and what would fix it.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { EndpointResult } from './api-scale.ts';
import type { BundleReport } from './lib/bundle.ts';
import type { GenerateReport } from './lib/generate.ts';
import type { LighthouseRoute } from './lighthouse.ts';
import type { OfflineReport } from './offline.ts';
import type { OutboxReport } from './outbox.ts';

export interface Check {
  section: string;
  name: string;
  value: string;
  budget: string;
  /** null: reported only, or not measured. */
  ok: boolean | null;
  /** Key into MISS_NOTES, for the closing note. */
  note?: string;
}

export interface ApiRun {
  database: 'pglite' | 'postgres';
  generate: GenerateReport;
  endpoints: EndpointResult[];
  idleRssMb: number;
}

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  machine: Record<string, string>;
  bundle?: BundleReport;
  lighthouse?: LighthouseRoute[];
  offline?: OfflineReport;
  outbox?: OutboxReport;
  /** One run per database: PGlite always, PostgreSQL too when DATABASE_URL is set. */
  api?: ApiRun[];
  skipped: string[];
  checks: Check[];
}

const KB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Why a budget is missed and what would fix it (kept next to the checks that use them). */
const MISS_NOTES: Record<string, string> = {
  'bundle-login':
    'El JS de /login es React 19 + react-dom (~64 KB gzip), React Router 7 (~30 KB), la base de Mantine (~25 KB), zod 4 (~24 KB, los esquemas del contrato validan /config y el login) y ky (~9 KB). Ya no carga Notifications, ModalsProvider ni floating-ui. Lo que falta se arregla pasando src/contract a `zod/mini` (tree-shakeable: ~5 KB en lugar de ~24 KB), un cambio que toca todos los contratos y conviene hacer en una sola tarea.',
  'bundle-route':
    'Cada pantalla con sesión suma a la entrada Dexie (~31 KB gzip), el menú (Menu/Popover con floating-ui, ~14 KB), los modales de la cabecera (Modal + ScrollArea) y las notificaciones. Arreglo: zod/mini en el contrato (-19 KB en todas las rutas) y cargar bajo demanda el modal del nick, el de "Canjea tus IMPs" y las notificaciones de database-notice (src/app/layouts).',
  'bundle-css':
    'El CSS de Mantine (core + notificaciones) ocupa ~35 KB gzip en la entrada; importar solo las hojas por componente (@mantine/core/styles/*.css) en lugar de styles.css lo reduce.',
  'bundle-video': 'video.js debe ir en un chunk propio cargado al abrir un vídeo (import() en use-video-js).',
  'lh-perf':
    'Lighthouse simula un móvil con CPU ×4: el tiempo lo marca evaluar ~550 KB de JS sin comprimir antes de pintar (la app no pinta nada hasta que React arranca). Con la máquina compartida el TBT sube mucho; repetir en una máquina en reposo. Arreglo estructural: menos JS en la entrada (zod/mini) y un esqueleto HTML estático en index.html que pinte antes del JS.',
  'lh-a11y': 'Ver las auditorías de accesibilidad falladas en la tabla de Lighthouse.',
  installability: 'Chromium lista los motivos: manifiesto, iconos o service worker que no controla la página.',
  'offline-4x':
    'Sin red, la página sale del service worker al instante, pero no pinta nada hasta evaluar el JS de la entrada, del layout y de /home (~290 KB gzip, ~1 MB sin comprimir); con CPU ×4 eso son segundos, no 300 ms. Arreglo: un esqueleto estático en index.html (cabecera con "Hola, {nick}" leída de la sesión en localStorage por un script en línea de pocas líneas) que pinte antes de React, y menos JS en la entrada.',
  'offline-network':
    'La pantalla se pinta sin red y las cachés de datos ya no revalidan mientras navigator.onLine es false; queda GET /api/config, que la puerta de mantenimiento pide al arrancar. Arreglo: guardar la configuración en Dexie y leerla con el mismo stale-while-revalidate.',
  'outbox-enqueue': 'Cada encolado es una transacción de IndexedDB (cambio local + fila de la outbox).',
  'outbox-replay':
    'El reenvío es secuencial (el orden de cada usuario importa): una petición HTTP y dos transacciones de IndexedDB por acción, aquí con fake-indexeddb en Node, bastante más lento que el IndexedDB de un navegador. Con PGlite cada escritura idempotente tarda ~10 ms (una sola conexión). Arreglo: un endpoint de lotes (POST /api/outbox con N acciones y sus claves, cada una en su transacción) o reenviar en paralelo las filas de claves independientes (eventos de log).',
  'outbox-once': 'El servidor guardó alguna acción dos veces o perdió alguna: revisar los registros de idempotencia.',
  'api-ranking':
    'Las páginas leen la clasificación precalculada (ranking_standings) por un rango de índice y "mi posición" suma ranking_score_counts (EXPLAIN en server/modules/rankings/explain.test.ts: ningún Seq Scan). El techo es la máquina: 2 núcleos para Node, PostgreSQL y autocannon a la vez; hasta el saldo (una consulta) se queda en ~1.900 req/s, así que 3.000 req/s no caben aquí con un solo proceso Node. Con PGlite todo pasa por una única conexión y 50 conexiones esperan en fila (el p99 es la cola). Las búsquedas son lo peor: el plan recorre el índice de orden filtrando por el prefijo del nick, y cada fila encontrada calcula su posición (2 consultas × 10 filas). Arreglo: buscar primero los usuarios por el índice lower(nick_name) text_pattern_ops (CTE MATERIALIZED) y calcular las 10 posiciones en una consulta; caché de sesiones en memoria unos segundos; varios procesos (cluster) en una máquina con más núcleos.',
  'api-balance':
    'El saldo ya es una suma indexada (points_ledger_user_idx) más la comprobación de la sesión: dos consultas. Con 50 conexiones en 2 núcleos compartidos con PostgreSQL y autocannon, la cola del proceso Node domina el p99 (49 ms en PostgreSQL). Arreglo: saldo precalculado en users actualizado en la misma transacción del crédito, y caché corta de la sesión.',
};

function bundleChecks(bundle: BundleReport): Check[] {
  const login = bundle.routes.find((r) => r.route === '/login')!;
  const signedIn = bundle.routes.filter((r) => r.route !== '/login');
  const heaviest = [...signedIn].sort((a, b) => b.jsGzip - a.jsGzip)[0]!;
  const heaviestCss = [...bundle.routes].sort((a, b) => b.cssGzip - a.cssGzip)[0]!;
  return [
    { section: 'Bundle', name: 'JS de /login', value: KB(login.jsGzip), budget: '≤ 150 KB gzip', ok: login.jsGzip <= 150 * 1024, note: 'bundle-login' },
    ...signedIn.map((r) => ({
      section: 'Bundle',
      name: `JS de ${r.route}`,
      value: KB(r.jsGzip),
      budget: '≤ 250 KB gzip',
      ok: r.jsGzip <= 250 * 1024,
      note: 'bundle-route',
    })),
    { section: 'Bundle', name: `CSS de la ruta más pesada (${heaviestCss.route})`, value: KB(heaviestCss.cssGzip), budget: '≤ 45 KB gzip', ok: heaviestCss.cssGzip <= 45 * 1024, note: 'bundle-css' },
    { section: 'Bundle', name: 'CSS total de la build (informativo)', value: KB(bundle.allCssGzip), budget: '—', ok: null },
    {
      section: 'Bundle',
      name: 'video.js en un chunk aparte, cargado solo al abrir un vídeo',
      value: bundle.video.lazy ? `sí (${KB(bundle.video.jsGzip)})` : `no (${bundle.video.staticallyLoadedBy.join(', ') || 'sin chunk'})`,
      budget: 'sí',
      ok: bundle.video.lazy,
      note: 'bundle-video',
    },
    { section: 'Bundle', name: `Ruta más pesada: ${heaviest.route}`, value: KB(heaviest.jsGzip), budget: '—', ok: null },
  ];
}

function lighthouseChecks(routes: LighthouseRoute[]): Check[] {
  return routes.flatMap((r) => {
    if (r.runs.length === 0) return [{ section: 'Lighthouse', name: `${r.route}`, value: `error: ${r.error ?? '?'}`, budget: '—', ok: false, note: 'lh-perf' }];
    const a11yNote = r.failedAccessibilityAudits.length ? ` (fallan: ${r.failedAccessibilityAudits.join(', ')})` : '';
    return [
      {
        section: 'Lighthouse',
        name: `${r.route}: rendimiento (mediana de ${r.runs.length}; mínimo)`,
        value: `${r.performanceMedian}; ${r.performanceMin}`,
        budget: '≥ 95; ninguna < 90',
        ok: r.performanceMedian >= 95 && r.performanceMin >= 90,
        note: 'lh-perf',
      },
      {
        section: 'Lighthouse',
        name: `${r.route}: accesibilidad${a11yNote}`,
        value: String(r.accessibilityMedian),
        budget: '≥ 95',
        ok: r.accessibilityMedian >= 95,
        note: 'lh-a11y',
      },
    ];
  });
}

function offlineChecks(offline: OfflineReport): Check[] {
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
    const budgeted = rate.cpuSlowdown === 4;
    checks.push(
      {
        section: 'PWA',
        name: `Sin red, CPU ×${rate.cpuSlowdown}: primer pintado (FCP, mediana)`,
        value: `${rate.fcpMedianMs} ms`,
        budget: budgeted ? '≤ 300 ms' : '—',
        ok: budgeted ? rate.fcpMedianMs <= 300 : null,
        note: 'offline-4x',
      },
      {
        section: 'PWA',
        name: `Sin red, CPU ×${rate.cpuSlowdown}: "Hola, {nick}" (mediana)`,
        value: `${rate.holaMedianMs} ms`,
        budget: budgeted ? '≤ 300 ms' : '—',
        ok: budgeted ? rate.holaMedianMs <= 300 : null,
        note: 'offline-4x',
      },
    );
  }
  const network = [...new Set(offline.rates.flatMap((r) => r.networkRequests))];
  checks.push({
    section: 'PWA',
    name: 'Sin red: peticiones que fueron a la red',
    value: network.length ? network.join(', ') : 'ninguna',
    budget: 'ninguna necesaria',
    ok: network.length === 0,
    note: 'offline-network',
  });
  return checks;
}

function outboxChecks(outbox: OutboxReport): Check[] {
  const r = outbox.records;
  return [
    { section: 'Outbox', name: `Encolar (p95 de ${outbox.enqueue.samples})`, value: `${outbox.enqueue.p95Ms} ms (p50 ${outbox.enqueue.p50Ms} ms)`, budget: '≤ 20 ms', ok: outbox.enqueue.p95Ms <= 20, note: 'outbox-enqueue' },
    {
      section: 'Outbox',
      name: `Reenviar ${outbox.replay.actions} acciones al servidor (loopback)`,
      value: `${outbox.replay.seconds} s (${outbox.replay.sent} enviadas, ${outbox.replay.failed} rechazadas)`,
      budget: '≤ 5 s',
      ok: outbox.replay.seconds <= 5 && outbox.replay.sent === outbox.replay.actions,
      note: 'outbox-replay',
    },
    {
      section: 'Outbox',
      name: 'Registros del servidor tras reenviar dos veces con las mismas claves',
      value: r
        ? `log_events ${r.logEvents}/${r.expectedLogEvents}, video_progress ${r.progressRows} filas (${r.progressAt100} al 100 %), créditos de vídeo ${r.videoCredits} (${r.duplicateCredits} duplicados)`
        : 'sin comprobar',
      budget: 'cada acción una vez',
      ok: r ? r.exactlyOnce : false,
      note: 'outbox-once',
    },
  ];
}

function apiChecks(api: ApiRun): Check[] {
  const postgres = api.database === 'postgres';
  const checks: Check[] = [
    {
      section: 'API',
      name: `Generador: ${api.generate.agents.toLocaleString('es-ES')} agentes (${api.database})`,
      value: `${api.generate.seconds} s; ${Object.entries(api.generate.rows).map(([t, n]) => `${t} ${n.toLocaleString('es-ES')}`).join(', ')}; standings ${api.generate.standingsSeconds} s`,
      budget: 'SQL por conjuntos',
      ok: null,
    },
  ];
  for (const e of api.endpoints) {
    if (!e.available) {
      checks.push({ section: 'API', name: e.name, value: `no disponible (${e.status}) — ${e.path}`, budget: '—', ok: null });
      continue;
    }
    const figures = e.completed
      ? `p50 ${e.p50Ms} ms, p99 ${e.p99Ms} ms, ${e.reqPerSec} req/s${e.non2xx ? `, ${e.non2xx} no-2xx` : ''}${e.errors ? `, ${e.errors} errores` : ''}`
      : `ninguna respuesta completada durante la prueba (${e.errors ?? 0} errores/timeouts)`;
    const healthy = !e.non2xx && !e.errors && (e.completed ?? 0) > 0;
    if (e.kind === 'ranking' || e.kind === 'position') {
      const ok = postgres ? e.p99Ms! <= 50 && e.reqPerSec! >= 3000 : e.p99Ms! <= 150;
      checks.push({ section: 'API', name: `${e.name} (${api.database})`, value: figures, budget: postgres ? 'p99 ≤ 50 ms y ≥ 3.000 req/s' : 'p99 ≤ 150 ms (PGlite)', ok: ok && healthy, note: 'api-ranking' });
    } else if (e.kind === 'balance') {
      checks.push({ section: 'API', name: `${e.name} (${api.database})`, value: figures, budget: 'p99 ≤ 20 ms', ok: e.p99Ms! <= 20 && healthy, note: 'api-balance' });
    } else {
      checks.push({ section: 'API', name: `${e.name} (${api.database})`, value: figures, budget: 'sin errores', ok: healthy });
    }
  }
  const maxRss = Math.max(api.idleRssMb, ...api.endpoints.map((e) => e.maxRssMb ?? 0));
  checks.push({ section: 'API', name: `Memoria residente del proceso Node del servidor, ${api.database} (reposo → máximo bajo carga; con PGlite incluye la base)`, value: `${api.idleRssMb} MB → ${maxRss} MB`, budget: 'se informa', ok: null });
  return checks;
}

export function buildChecks(results: Omit<BenchResults, 'checks'>): Check[] {
  return [
    ...(results.bundle ? bundleChecks(results.bundle) : []),
    ...(results.lighthouse ? lighthouseChecks(results.lighthouse) : []),
    ...(results.offline ? offlineChecks(results.offline) : []),
    ...(results.outbox ? outboxChecks(results.outbox) : []),
    ...(results.api ?? []).flatMap(apiChecks),
  ];
}

const mark = (ok: boolean | null) => (ok === null ? '—' : ok ? '✅' : '❌');
const cell = (text: string) => text.replace(/\|/g, '\\|');

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
  for (const section of [...new Set(results.checks.map((c) => c.section))]) {
    lines.push(`## ${section}`, '', '| medida | valor | presupuesto | cumple |', '|---|---|---|---|');
    for (const c of results.checks.filter((x) => x.section === section)) {
      lines.push(`| ${cell(c.name)} | ${cell(c.value)} | ${cell(c.budget)} | ${mark(c.ok)} |`);
    }
    lines.push('');
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
