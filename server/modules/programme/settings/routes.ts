// Programa › Mantenimiento and Historial de cambios (issue 35), admin only:
// GET  /programa/mantenimiento  the stored setting, and the caller's IP as the server sees it
// PUT  /programa/mantenimiento  change it (409 if turning it on would shut out the caller);
//                               every instance applies it at once (plugins/maintenance.ts)
// GET  /programa/historial      the change log, newest first, by pages (cursor: the last id)
// Online only: not outbox writes, so no Idempotency-Key. Bodies and queries are read only
// after programmeEditor has let the caller in.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  historyQuerySchema, historyResponseSchema, maintenanceResponseSchema, maintenanceUpdateSchema, PROGRAMME_SETTINGS_PATHS,
  type MaintenanceResponse,
} from '#contract/programme-settings';
import { checkAllowlist, normalizeIp, selfLockout, type MaintenanceSetting } from '#domain/programme-settings';
import { HttpError } from '#server/http-error';
import { replies } from '#server/plugins/route-contract';
import { validationMessage, type ZodTypeProvider } from '#server/plugins/zod';
import * as z from 'zod/mini';
import { programmeEditor } from '../access.ts';
import { recordChange } from '../audit.ts';
import type { ProgrammeDeps } from '../deps.ts';
import { listChanges, readMaintenance, writeMaintenance, type StoredMaintenance } from './repository.ts';

function answer(request: FastifyRequest, app: FastifyInstance, stored: StoredMaintenance): MaintenanceResponse {
  return {
    ...stored.setting,
    yourIp: normalizeIp(request.ip) ?? request.ip,
    forcedOff: app.maintenance.forcedOff,
    updatedAt: stored.updatedAt?.toISOString() ?? null,
  };
}

/** Input read after the access check: a mistake is a Spanish 400 naming the field. */
function parsed<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input);
  if (!result.success) throw new HttpError(400, validationMessage(result.error));
  return result.data;
}

const actionOf = (before: MaintenanceSetting, after: MaintenanceSetting) =>
  before.state === after.state ? 'updated' : after.state === 1 ? 'turned-on' : 'turned-off';

export async function settingsRoutes(app: FastifyInstance, { db }: ProgrammeDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(PROGRAMME_SETTINGS_PATHS.maintenance, { schema: { response: replies(maintenanceResponseSchema) } }, async (request) => {
    programmeEditor(request);
    return answer(request, app, await readMaintenance(db));
  });

  api.put(PROGRAMME_SETTINGS_PATHS.maintenance, { config: { changesReads: true }, schema: { response: replies(maintenanceResponseSchema) } }, async (request) => {
    const editor = programmeEditor(request);
    const body = parsed(maintenanceUpdateSchema, request.body);
    const checked = checkAllowlist(body.allowlist);
    if (!checked.ok) {
      const lines = checked.problems.map((p) => (p.line === null ? p.message : `línea ${p.line}: ${p.message}`));
      throw new HttpError(400, `Revisa la lista de IP: ${lines.join('; ')}`, { problemas: checked.problems });
    }
    const next: MaintenanceSetting = { state: body.state, allowlist: checked.allowlist };
    const lockout = selfLockout(next, request.ip);
    if (lockout) throw new HttpError(409, lockout);

    const stored = await db.transaction().execute(async (trx) => {
      const before = await readMaintenance(trx, { forUpdate: true });
      if (JSON.stringify(before.setting) === JSON.stringify(next)) return before;
      await writeMaintenance(trx, next);
      await recordChange(trx, editor, { area: 'mantenimiento', entity: 'setting', entityId: 'maintenance', action: actionOf(before.setting, next), before: before.setting, after: next });
      return readMaintenance(trx);
    });
    // This process at once; every other instance as the NOTIFY of the commit reaches it.
    app.maintenance.applied(stored.setting);
    return answer(request, app, stored);
  });

  api.get(PROGRAMME_SETTINGS_PATHS.history, { schema: { response: replies(historyResponseSchema) } }, async (request) => {
    programmeEditor(request);
    return listChanges(db, parsed(historyQuerySchema, request.query));
  });
}
