// The server-side checks of the report: the outbox replay and the API at scale, each figure
// next to its budget. Pure: turns measurements into rows for bench/report.ts, measures nothing.
import type { ApiRun, Check } from './report-types.ts';
import type { OutboxReport } from './outbox.ts';

export function outboxChecks(outbox: OutboxReport): Check[] {
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

export function apiChecks(api: ApiRun): Check[] {
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
