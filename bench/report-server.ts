// The server-side checks of the report: the outbox replay in Chromium, the floor reconnect
// (POST /api/sync) and the API at scale, each figure next to its budget (lib/budgets.ts,
// SCALE_BUDGETS). A run smaller than its budget's size is reported without a verdict. Pure:
// turns measurements into rows for bench/report.ts, measures nothing.
import type { EndpointResult } from './api-scale.ts';
import { SCALE_BUDGETS } from './lib/budgets.ts';
import type { RecordCheck } from './lib/records.ts';
import type { ReplayPass } from './outbox-browser.ts';
import type { Timings } from './overload.ts';
import type { ApiRun, Check, FloorRun, OutboxReport, OutboxRun, OverloadRun } from './report-types.ts';

const es = (n: number) => n.toLocaleString('es-ES');
const S = SCALE_BUDGETS;

function recordsText(r: RecordCheck | undefined): string {
  if (!r) return 'sin comprobar';
  const quiz = r.expectedQuizAnswers ? `, respuestas de quiz ${r.quizAnswers}/${r.expectedQuizAnswers}` : '';
  return `log_events ${r.logEvents}/${r.expectedLogEvents}, vídeos al 100 % ${r.progressAt100}/${r.expectedVideos} (créditos +5: ${r.videoCredits}, como mucho uno por vídeo)${quiz}, créditos duplicados ${r.duplicateCredits}`;
}

function passText(p: ReplayPass): string {
  const requests = p.posts === undefined ? '' : `${p.posts} peticiones POST, ${p.batches ?? 0} de ellas lotes a /api/sync; `;
  return `${p.seconds} s (${requests}${p.left} pendientes, ${p.refused} rechazadas${p.errors.length ? `: ${p.errors.join('; ')}` : ''})`;
}

function outboxRunChecks(run: OutboxRun): Check[] {
  const section = 'Outbox';
  const where = `Chromium → servidor, ${run.database}`;
  const m = run.mix;
  const mix = `${m.quizAnswers} respuestas de quiz, ${m.videoReports} avances de vídeo, ${m.logEvents} eventos`;
  const actions = m.quizAnswers + m.videoReports + m.logEvents;
  const checks: Check[] = [];
  if (!run.replay) {
    checks.push({ section, name: `Reenviar ${actions} acciones encoladas (${where})`, value: `error: ${run.error ?? '?'}`, budget: `≤ ${S.outbox.replaySeconds} s`, ok: false, note: 'outbox-replay' });
  } else {
    const first = run.replay.first;
    checks.push(
      {
        section,
        name: `Reenviar ${run.replay.actions} acciones encoladas (${mix}) al volver la red (${where})`,
        value: passText(first),
        budget: `≤ ${S.outbox.replaySeconds} s, ${es(S.outbox.actions)} acciones, ninguna pendiente ni rechazada`,
        ok: first.seconds <= S.outbox.replaySeconds && first.left === 0 && first.refused === 0 && run.replay.actions >= S.outbox.actions,
        note: 'outbox-replay',
      },
      {
        section,
        name: `Las mismas acciones otra vez, mismas claves (${where})`,
        value: passText(run.replay.again),
        budget: 'todas respondidas (repetición), ninguna rechazada',
        ok: run.replay.again.left === 0 && run.replay.again.refused === 0,
        note: 'outbox-again',
      },
    );
  }
  checks.push({ section, name: `Registros del servidor tras las dos pasadas (${run.database})`, value: recordsText(run.records), budget: 'cada acción una vez', ok: run.records?.exactlyOnce ?? false, note: 'outbox-once' });
  return checks;
}

export function outboxChecks(outbox: OutboxReport): Check[] {
  // latest.json of an older bench (one Node replay): its figures do not fit these budgets.
  if (!Array.isArray(outbox.runs)) return [{ section: 'Outbox', name: 'Outbox', value: 'cifras de una versión anterior del bench', budget: '—', ok: null }];
  const e = outbox.enqueue;
  return [
    { section: 'Outbox', name: `Encolar (p95 de ${e.samples}, runCommand en Node)`, value: `${e.p95Ms} ms (p50 ${e.p50Ms} ms)`, budget: `≤ ${S.outbox.enqueueP95Ms} ms`, ok: e.p95Ms <= S.outbox.enqueueP95Ms, note: 'outbox-enqueue' },
    ...outbox.runs.flatMap(outboxRunChecks),
  ];
}

export function floorChecks(run: FloorRun): Check[] {
  const section = 'Piso que reconecta';
  const f = S.floor;
  const r = run.report;
  const name = `${r.agents} agentes × ${r.agents ? r.actions / r.agents : 0} acciones a la vez por POST /api/sync, lotes de ${r.batch} (${run.database})`;
  if (!r.available || !r.first || !r.again) return [{ section, name, value: 'POST /api/sync no existe en el servidor', budget: `≤ ${f.seconds} s`, ok: false, note: 'floor-missing' }];
  const postgres = run.database === 'postgres';
  const sized = r.agents >= f.agents && r.actions >= f.agents * f.actionsPerAgent;
  const first = r.first;
  const again = r.again;
  const done = first.unfinished === 0 && first.refused === 0;
  const rec = run.records;
  const lost = rec ? Math.max(0, rec.expectedLogEvents - rec.logEvents) + Math.max(0, rec.expectedVideos - rec.progressAt100) : null;
  const doubled = rec ? Math.max(0, rec.logEvents - rec.expectedLogEvents) + Math.max(0, rec.videoCredits - rec.expectedVideos) + rec.duplicateCredits : null;
  const statuses = (p: typeof first) => Object.entries(p.statuses).map(([status, n]) => `${n}× ${status}`).join(', ') || 'ninguna';
  return [
    {
      section,
      name,
      value: `${first.seconds} s (${first.requests} peticiones, ${first.retried} acciones reintentadas, ${first.refused} rechazadas, ${first.unfinished} sin terminar${first.errors.length ? `; ${first.errors.join('; ')}` : ''})`,
      budget: postgres ? `≤ ${f.seconds} s, todas aceptadas${sized ? '' : ` (con ${f.agents} agentes × ${f.actionsPerAgent})`}` : 'todas aceptadas (el tiempo se informa)',
      ok: !done ? false : postgres && sized ? first.seconds <= f.seconds : null,
      note: 'floor-time',
    },
    { section, name: `Las mismas acciones otra vez, mismas claves (${run.database})`, value: `${again.seconds} s; respuestas: ${statuses(again)}`, budget: 'todas respondidas (repetición), ninguna rechazada', ok: again.unfinished === 0 && again.refused === 0, note: 'floor-once' },
    {
      section,
      name: `Perdidas y duplicadas en la base tras las dos pasadas (${run.database})`,
      value: rec ? `${lost} perdidas, ${doubled} duplicadas (${recordsText(rec)})` : 'sin comprobar',
      budget: '0 perdidas, 0 duplicadas',
      ok: rec ? rec.exactlyOnce : false,
      note: 'floor-once',
    },
    memoryCheck(section, `durante el piso, ${run.database}`, run.database, run.maxRssMb ?? Number.NaN, undefined, sized, run.workers),
  ];
}

function memoryCheck(section: string, what: string, database: string, maxMb: number, idleMb: number | undefined, sized: boolean, workers: number | undefined): Check {
  const postgres = database === 'postgres';
  const processes = workers && workers > 1 ? `, ${workers} procesos` : '';
  return {
    section,
    name: `Memoria residente del servidor ${what}${processes}${postgres ? '' : ' (con PGlite incluye la base)'}`,
    value: idleMb === undefined ? `${maxMb} MB como máximo` : `${idleMb} MB en reposo → ${maxMb} MB como máximo`,
    budget: postgres ? `≤ ${S.postgres.maxRssMb} MB` : 'se informa',
    ok: postgres && sized && Number.isFinite(maxMb) ? maxMb <= S.postgres.maxRssMb : null,
    note: 'api-memory',
  };
}

const READ_KINDS = new Set(['ranking', 'search', 'position', 'balance', 'coaching']);

/** The p99 budget of a read on PostgreSQL, and the note that explains a miss. */
function postgresP99(e: EndpointResult): { ms: number; note: string } {
  if (e.kind === 'search') return { ms: S.postgres.searchP99Ms, note: 'api-search' };
  if (e.kind === 'balance') return { ms: S.postgres.balanceP99Ms, note: 'api-balance' };
  if (e.kind === 'coaching') return { ms: S.postgres.coachingP99Ms, note: 'api-ranking' };
  if (e.kind === 'position') return { ms: S.postgres.positionP99Ms, note: 'api-ranking' };
  return { ms: S.postgres.rankingP99Ms, note: 'api-ranking' };
}

export function apiChecks(api: ApiRun): Check[] {
  const postgres = api.database === 'postgres';
  const size = postgres ? S.postgres.agents : S.pglite.agents;
  const sized = api.generate.agents >= size;
  const small = sized ? '' : ` (a ${es(size)} agentes; esta ejecución: ${es(api.generate.agents)}, sin veredicto)`;
  const checks: Check[] = [
    {
      section: 'API',
      name: `Generador: ${es(api.generate.agents)} agentes (${api.database})`,
      value: `${api.generate.seconds} s; ${Object.entries(api.generate.rows).map(([t, n]) => `${t} ${es(n)}`).join(', ')}; standings ${api.generate.standingsSeconds} s`,
      budget: 'SQL por conjuntos',
      ok: null,
    },
  ];
  const health = api.endpoints.find((e) => e.kind === 'health' && e.available && e.reqPerSec);
  for (const e of api.endpoints) {
    const name = `${e.name} (${api.database})`;
    if (!e.available) {
      checks.push({ section: 'API', name, value: `no disponible (${e.status}) — ${e.path}`, budget: '—', ok: READ_KINDS.has(e.kind) && sized ? false : null, note: 'api-missing' });
      continue;
    }
    const healthy = !e.non2xx && !e.errors && (e.completed ?? 0) > 0;
    const ratio = health && e.reqPerSec !== undefined ? e.reqPerSec / health.reqPerSec! : undefined;
    const ratioText = ratio !== undefined && e.kind !== 'health' ? ` (${Math.round(ratio * 100)} % de health)` : '';
    const value = e.completed
      ? `p50 ${e.p50Ms} ms, p99 ${e.p99Ms} ms, ${es(e.reqPerSec ?? 0)} req/s${ratioText}${e.non2xx ? `, ${e.non2xx} no-2xx` : ''}${e.errors ? `, ${e.errors} errores` : ''}`
      : `ninguna respuesta completada durante la prueba (${e.errors ?? 0} errores/timeouts)`;
    if (e.kind === 'health') {
      checks.push({ section: 'API', name, value, budget: 'referencia: el techo de la pila en esta máquina', ok: healthy ? null : false });
    } else if (!READ_KINDS.has(e.kind)) {
      checks.push({ section: 'API', name, value, budget: 'sin errores', ok: healthy });
    } else if (postgres) {
      const p99 = postgresP99(e);
      const fast = e.p99Ms! <= p99.ms;
      const share = ratio !== undefined && ratio >= S.postgres.healthRatio;
      const note = !fast ? p99.note : !share ? 'api-ratio' : !healthy ? 'api-errors' : p99.note;
      checks.push({ section: 'API', name, value, budget: `p99 ≤ ${p99.ms} ms, ≥ ${S.postgres.healthRatio * 100} % de health, 0 errores${small}`, ok: sized ? fast && share && healthy : null, note });
    } else {
      const fast = e.p99Ms! <= S.pglite.readP99Ms;
      checks.push({ section: 'API', name, value, budget: `p99 ≤ ${S.pglite.readP99Ms} ms, 0 errores${small}`, ok: sized ? fast && healthy : null, note: fast ? 'api-errors' : 'api-pglite' });
    }
  }
  const maxRss = Math.max(api.idleRssMb, ...api.endpoints.map((e) => e.maxRssMb ?? 0));
  checks.push(memoryCheck('API', `bajo carga, ${api.database}`, api.database, maxRss, api.idleRssMb, sized, api.workers));
  return checks;
}

const timingText = (t: Timings) => `${es(t.count)} respuestas, p50 ${es(t.p50Ms)} ms, p99 ${es(t.p99Ms)} ms, máx. ${es(t.maxMs)} ms`;

/**
 * Overload: 200 connections of reads and batches. What the server took in is answered in
 * time, the rest 503 at once, readiness throughout, and every acknowledged action stored
 * exactly once. Timings need the budget's full run; a shorter one is reported without a
 * verdict on them (correctness is judged on any run).
 */
export function overloadChecks(run: OverloadRun): Check[] {
  const section = 'Sobrecarga';
  const o = S.overload;
  const r = run.report;
  const where = `${run.database}${run.workers && run.workers > 1 ? `, ${run.workers} procesos` : ''}`;
  if (!r) return [{ section, name: `${o.connections} conexiones de lecturas y lotes (${where})`, value: `error: ${run.error ?? '?'}`, budget: 'medido', ok: false, note: 'overload-time' }];
  const sized = r.seconds >= o.seconds && r.connections >= o.connections;
  const timed = (ok: boolean) => (sized ? ok : null);
  const short = sized ? '' : ` (en ${o.seconds} s; esta ejecución: ${r.seconds} s, sin veredicto)`;
  const statuses = Object.entries(r.statuses).map(([status, n]) => `${es(n)}× ${status === '0' ? 'sin respuesta' : status}`).join(', ');
  const onlyOkOrShed = Object.keys(r.statuses).every((status) => status === '503' || /^2\d\d$/.test(status)) && r.errors === 0;
  const rec = run.records;
  return [
    {
      section,
      name: `${r.connections} conexiones durante ${r.seconds} s: 3 lecturas y un lote de ${r.batch} acciones por vuelta, sin pausa (${where})`,
      value: statuses || 'ninguna respuesta',
      budget: '2xx o 503; ningún otro estado, error ni timeout',
      ok: onlyOkOrShed && r.accepted.count > 0,
      note: 'overload-statuses',
    },
    {
      section,
      name: `Aceptadas (2xx) (${where})`,
      value: `${timingText(r.accepted)}; lecturas p99 ${es(r.acceptedReads.p99Ms)} ms, lotes p99 ${es(r.acceptedBatches.p99Ms)} ms (${es(r.acceptedBatches.count)})`,
      budget: `p99 ≤ ${es(o.acceptedP99Ms)} ms, ninguna > ${es(o.ceilingMs)} ms${short}`,
      ok: timed(r.accepted.p99Ms <= o.acceptedP99Ms && r.accepted.maxMs <= o.ceilingMs),
      note: 'overload-time',
    },
    {
      section,
      name: `Rechazadas (503 con Retry-After) (${where})`,
      value: `${timingText(r.shed)}; con Retry-After ${es(r.shed.withRetryAfter)}`,
      budget: `p99 ≤ ${es(o.shedP99Ms)} ms, ninguna > ${es(o.ceilingMs)} ms, todas con Retry-After${short}`,
      ok: timed(r.shed.p99Ms <= o.shedP99Ms && r.shed.maxMs <= o.ceilingMs && r.shed.withRetryAfter === r.shed.count),
      note: 'overload-shed',
    },
    {
      section,
      name: `/api/health/ready cada 250 ms durante la carga (${where})`,
      value: `${es(r.ready.probes - r.ready.failed)}/${es(r.ready.probes)} con 200, la más lenta ${es(r.ready.maxMs)} ms`,
      budget: `todas 200, ≤ ${es(o.readyMaxMs)} ms`,
      ok: r.ready.failed === 0 && r.ready.probes > 0 && (sized ? r.ready.maxMs <= o.readyMaxMs : true),
      note: 'overload-ready',
    },
    {
      section,
      name: `Acciones confirmadas (2xx) frente a la base (${where})`,
      value: rec
        ? `${es(rec.acknowledged)} confirmadas: ${rec.lost} perdidas, ${rec.doubled} duplicadas; ${es(rec.storedUnacknowledged)} guardadas sin confirmar (respuesta cortada al acabar), ${es(r.unansweredActions)} sin resultado en su lote`
        : 'sin comprobar',
      budget: '0 perdidas, 0 duplicadas',
      ok: rec ? rec.exactlyOnce && rec.acknowledged > 0 : false,
      note: 'floor-once',
    },
    memoryCheck(section, `durante la sobrecarga, ${run.database}`, run.database, run.maxRssMb ?? Number.NaN, undefined, false, run.workers),
  ];
}
