// Seguimiento's tables as .xlsx: each is the figures of its read (the service's answer, the
// same query), written with Spanish headers through the shared writer (text never evaluated).
// The nudges table holds every matching agent, not one page. Never computes a figure itself.
// Each workbook ends with a "Filtros" sheet: what its figures were chosen with, by name.
import {
  COACHING_TABLES, coachingFileName, STALLED_AFTER_DAYS, type CoachingFigures, type CoachingFilter, type CoachingNudgesQuery, type CoachingTable,
} from '#contract/coaching';
import { HttpError } from '#server/http-error';
import { writeXlsx, type Cell, type SheetSpec } from '#server/spreadsheets/write';
import type { Caller, CoachingService } from './service.ts';

const NO_SUCH_TABLE = 'No existe esa tabla';
export const CHOOSE_SITE = 'Elige una sede';

export type DownloadQuery = CoachingFilter & Partial<CoachingNudgesQuery>;

const FIGURE_HEADERS = ['Agentes', 'Iniciaron', 'Terminaron', 'Reface', 'Media quiz', 'Puntos'];
const figureCells = (f: CoachingFigures): Cell[] => [f.agentes, f.iniciaron, f.terminaron, f.reface, f.media_quiz, f.puntos];

/** The narrowing of the query: what every table's read (and its Filtros sheet) takes. */
const filterOf = (query: DownloadQuery): CoachingFilter => ({ marca: query.marca, plataforma: query.plataforma, sede: query.sede });

async function sheetsOf(service: CoachingService, caller: Caller, table: CoachingTable, atributo: string, query: DownloadQuery): Promise<SheetSpec[]> {
  const filter = filterOf(query);
  switch (table) {
    case 'resumen': {
      const [o, names] = await Promise.all([service.overview(caller, atributo, filter), service.attributeNames()]);
      const rows: Cell[][] = [[names.get(o.atributo) ?? null, ...figureCells(o.figuras)]];
      if (o.anterior) rows.push([names.get(o.anterior.atributo) ?? null, ...figureCells(o.anterior.figuras)]);
      return [
        { name: 'Resumen', header: ['Atributo', ...FIGURE_HEADERS], rows },
        { name: 'Puntos por día', header: ['Día', 'Puntos'], rows: o.puntos_por_dia.map((d) => [d.dia, d.puntos]) },
      ];
    }
    case 'sedes': {
      const s = await service.bySite(caller, atributo, filter);
      const sheets: SheetSpec[] = [{
        name: 'Sedes', header: ['Sede', 'Plataforma', ...FIGURE_HEADERS], rows: s.sedes.map((r) => [r.nombre, r.plataforma, ...figureCells(r)]),
      }];
      if (s.plataformas.length > 0) sheets.push({ name: 'Plataformas', header: ['Plataforma', ...FIGURE_HEADERS], rows: s.plataformas.map((r) => [r.nombre, ...figureCells(r)]) });
      return sheets;
    }
    case 'rezagados': {
      if (query.sede === undefined) throw new HttpError(400, CHOOSE_SITE);
      const all = await service.nudges(caller, atributo, { ...query, sede: query.sede, dias: query.dias ?? STALLED_AFTER_DAYS, page: 1, per_page: 100 }, true);
      return [{
        name: 'Rezagados',
        header: ['Nick Name', 'Nombre', 'Estado', 'Última actividad', 'Vídeos pendientes', 'Quizzes pendientes', 'Reface pendiente'],
        rows: all.data.map((r) => [r.nick_name, r.name, r.estado === 'sin-empezar' ? 'Sin empezar' : 'Parado', r.ultima_actividad,
          r.videos_pendientes, r.quizzes_pendientes.join(', '), r.reface_pendiente ? 'Sí' : 'No']),
      }];
    }
    case 'preguntas': {
      const q = await service.questions(caller, atributo, filter);
      return [{
        name: 'Preguntas',
        header: ['Quiz', 'Posición', 'Pregunta', 'Respuestas', 'Fallos', 'Tasa de fallo', 'Fallo más elegido', 'Veces'],
        rows: q.quizzes.flatMap((quiz) => quiz.preguntas.map((p) => [quiz.quiz, p.posicion, p.texto, p.respuestas, p.fallos,
          Math.round(p.tasa_fallo * 1000) / 1000, p.fallo_mas_elegido?.texto ?? null, p.fallo_mas_elegido?.veces ?? null])),
        widths: [6, 9, 60, 11, 8, 13, 40, 7],
      }];
    }
  }
}

/** The choices the table was read with (its read already refused any it may not take). */
async function filtersSheet(service: CoachingService, caller: Caller, table: CoachingTable, atributo: string, query: DownloadQuery): Promise<SheetSpec> {
  const rows: Cell[][] = await service.chosen(caller, atributo, filterOf(query));
  if (table === 'rezagados') {
    rows.push(['Parado si no avanza en', `${query.dias ?? STALLED_AFTER_DAYS} días`]);
    if (query.search?.trim()) rows.push(['Búsqueda', query.search.trim()]);
  }
  return { name: 'Filtros', header: ['Filtro', 'Valor'], rows, widths: [24, 40] };
}

/** The workbook of one table and its file name; 404 for an unknown table or attribute. */
export async function coachingWorkbook(service: CoachingService, caller: Caller, tabla: string, atributo: string, query: DownloadQuery) {
  service.scopeOf(caller);
  const table = COACHING_TABLES.find((t) => t === tabla);
  if (!table) throw new HttpError(404, NO_SUCH_TABLE);
  const sheets = await sheetsOf(service, caller, table, atributo, query);
  sheets.push(await filtersSheet(service, caller, table, atributo, query));
  return { bytes: writeXlsx(sheets), fileName: coachingFileName(table, await service.slugOf(atributo)) };
}
