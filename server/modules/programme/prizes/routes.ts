// Programa › Premios (issue 35): the site tiers and the brand prize as data, by the month they
// apply from. GET /programa/premios, PUT /programa/premios/:mes (create or replace),
// DELETE /programa/premios/:mes. Admin only (programmeEditor first, before the body is read).
// A change that would alter what applies to a month whose winners are frozen is a 409: past
// payouts never change. Each change and its Historial row are one transaction, under the lock
// month-end takes to freeze (lockPrizeTiers), so an edit and a freeze never interleave.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { PROGRAMME_PRIZES_PATHS, prizeBodySchema, prizesResponseSchema } from '#contract/programme-prizes';
import {
  frozenMonthsAltered, frozenMonthsMessage, isMonthKey, monthLabel, prizeAmountsProblems, rowsAfterDelete, rowsAfterPut, type PrizeTierRow,
} from '#domain/programme-prizes';
import { HttpError } from '#server/http-error';
import { lockPrizeTiers } from '#server/modules/rankings/month-end';
import { replies } from '#server/plugins/route-contract';
import { validationMessage, type ZodTypeProvider } from '#server/plugins/zod';
import { programmeEditor } from '../access.ts';
import { recordChange } from '../audit.ts';
import type { ProgrammeDeps } from '../deps.ts';
import { calendarMonths, frozenMonths, prizesView, tierRows } from './repository.ts';

export const BAD_MONTH = 'El mes debe escribirse como AAAA-MM (por ejemplo 2026-01)';
export const NO_SUCH_ROW = 'No hay premios configurados desde ese mes';

function monthParam(params: unknown): string {
  const mes = (params as { mes?: unknown }).mes;
  if (typeof mes !== 'string' || !isMonthKey(mes)) throw new HttpError(400, BAD_MONTH);
  return mes;
}

const amountsOf = (row: PrizeTierRow) => ({ applies_from: row.applies_from, tier1: row.tier1, tier2: row.tier2, tier3: row.tier3, brand: row.brand });

export async function prizesRoutes(app: FastifyInstance, { db }: ProgrammeDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const answer = { schema: { response: replies(prizesResponseSchema) } };
  const write = { config: { changesReads: true }, ...answer };

  api.get(PROGRAMME_PRIZES_PATHS.list, answer, async (request) => {
    programmeEditor(request);
    return prizesView(db);
  });

  api.put(PROGRAMME_PRIZES_PATHS.month, write, async (request) => {
    const editor = programmeEditor(request);
    const mes = monthParam(request.params);
    const parsed = z.safeParse(prizeBodySchema, request.body);
    if (!parsed.success) throw new HttpError(400, validationMessage(parsed.error));
    const problems = prizeAmountsProblems(parsed.data);
    if (problems.length > 0) throw new HttpError(400, problems.join('. '));
    const row: PrizeTierRow = { applies_from: mes, ...parsed.data };
    await db.transaction().execute(async (trx) => {
      await lockPrizeTiers(trx);
      const rows = await tierRows(trx);
      const altered = frozenMonthsAltered(rows, rowsAfterPut(rows, row), frozenMonths(await calendarMonths(trx)));
      if (altered.length > 0) throw new HttpError(409, frozenMonthsMessage(altered));
      const before = rows.find((r) => r.applies_from === mes) ?? null;
      await trx.insertInto('prize_tiers').values(row)
        .onConflict((oc) => oc.column('applies_from').doUpdateSet(parsed.data)).execute();
      await recordChange(trx, editor, {
        area: 'premios', entity: 'prize_tiers', entityId: mes, action: before ? 'updated' : 'created',
        before: before ? amountsOf(before) : null, after: amountsOf(row),
      });
    });
    return prizesView(db);
  });

  api.delete(PROGRAMME_PRIZES_PATHS.month, write, async (request) => {
    const editor = programmeEditor(request);
    const mes = monthParam(request.params);
    await db.transaction().execute(async (trx) => {
      await lockPrizeTiers(trx);
      const rows = await tierRows(trx);
      const before = rows.find((r) => r.applies_from === mes);
      if (!before) throw new HttpError(404, `${NO_SUCH_ROW} (${monthLabel(mes)})`);
      const altered = frozenMonthsAltered(rows, rowsAfterDelete(rows, mes), frozenMonths(await calendarMonths(trx)));
      if (altered.length > 0) throw new HttpError(409, frozenMonthsMessage(altered));
      await trx.deleteFrom('prize_tiers').where('applies_from', '=', mes).execute();
      await recordChange(trx, editor, { area: 'premios', entity: 'prize_tiers', entityId: mes, action: 'deleted', before: amountsOf(before), after: null });
    });
    return prizesView(db);
  });
}
