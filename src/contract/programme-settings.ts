import * as z from 'zod/mini';
import { HISTORY_PAGE_MAX, PROGRAMME_AREA_NAMES } from './programme-settings-constants';

export * from './programme-settings-constants';

// Programa › Mantenimiento and Historial de cambios (issue 35). Paths after /api.

// --- Maintenance ---------------------------------------------------------------------------

/** What an admin sends: the state and the allow-list (#domain/programme-settings checks each address). */
export const maintenanceUpdateSchema = z.object({
  state: z.union([z.literal(0), z.literal(1)]),
  allowlist: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(100)),
});
export type MaintenanceUpdate = z.infer<typeof maintenanceUpdateSchema>;

/** GET/PUT programa/mantenimiento: the setting as every instance applies it, and who is asking. */
export const maintenanceResponseSchema = z.object({
  state: z.union([z.literal(0), z.literal(1)]),
  allowlist: z.array(z.string()),
  /** The caller's address as the server sees it (behind TRUST_PROXY, the client's). */
  yourIp: z.string(),
  /** MAINTENANCE_FORCE_OFF is set on this server: the state is ignored (an emergency way back in). */
  forcedOff: z.boolean(),
  updatedAt: z.nullable(z.string()),
});
export type MaintenanceResponse = z.infer<typeof maintenanceResponseSchema>;

// --- Change history --------------------------------------------------------------------------

const positiveInt = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));

/** GET programa/historial's query: filters, the cursor (the last id seen) and the page size. */
export const historyQuerySchema = z.object({
  area: z.optional(z.enum(PROGRAMME_AREA_NAMES as [string, ...string[]])),
  entity: z.optional(z.string().check(z.minLength(1), z.maxLength(60))),
  /** A user id, or part of a name or e-mail. */
  actor: z.optional(z.string().check(z.minLength(1), z.maxLength(120))),
  cursor: z.optional(positiveInt),
  limit: z.optional(positiveInt.check(z.maximum(HISTORY_PAGE_MAX))),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyRowSchema = z.object({
  id: z.int(),
  when: z.string(),
  /** Null: the system (the demo's pack import). */
  who: z.nullable(z.object({ id: z.int(), name: z.string(), email: z.string() })),
  area: z.string(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

/** GET programa/historial: newest first; nextCursor is null on the last page. */
export const historyResponseSchema = z.object({
  changes: z.array(historyRowSchema),
  nextCursor: z.nullable(z.int()),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
