// Maintenance switch (issue 35: data, set in Programa › Mantenimiento): while the 'maintenance'
// setting says state 1, every /api request from an IP outside its allow-list (up to 11) gets
// 503 with `maintenance: 1`, so the app shows its maintenance screen. /api/health and
// /api/health/ready stay up for the load balancer. Never blocks the static app: the browser
// must still load the page that shows the maintenance screen.
// Each process holds the setting in memory: a change reaches every instance at once through
// migration 0028's NOTIFY (session-channel.ts), the writer's own process takes it as it
// commits (applied), and MAINTENANCE_TTL_MS bounds how long any copy lives should a
// notification be lost. MAINTENANCE_FORCE_OFF (emergency) ignores the setting altogether.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { API_BASE, SYSTEM_PATHS } from '#contract/common';
import { MAINTENANCE_DEFAULT, maintenanceLetsIn, type MaintenanceSetting } from '#domain/programme-settings';
import type { Config } from '#server/config';
import type { Database } from '#server/db/schema';
import type { InvalidationTarget } from '#server/modules/auth/session-cache';
import { listenForInvalidations } from '#server/modules/auth/session-channel';
import { readMaintenance } from '#server/modules/programme/settings/repository';
import { appPlugin } from './plugin.ts';

export const MAINTENANCE_MESSAGE = 'Estamos en mantenimiento. Vuelve a intentarlo en unos minutos.';

/** The safety net: a copy of the setting is read again after this long, notification or not. */
export const MAINTENANCE_TTL_MS = 3_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The maintenance setting as this process applies it. */
    maintenance: MaintenanceSwitch;
  }
}

/**
 * This process's copy of the setting. Reads it on first use and after the TTL or a change
 * heard on the channel; one read at a time. Should the database not answer, keeps the last
 * copy (or the default, open) for another TTL rather than fail every request.
 */
export class MaintenanceSwitch implements InvalidationTarget {
  #value: MaintenanceSetting | null = null;
  #readAt = 0;
  /** Bumped by every change heard: a read begun before one is neither kept nor shared. */
  #generation = 0;
  #loading: { generation: number; promise: Promise<MaintenanceSetting> } | null = null;

  constructor(
    private readonly read: () => Promise<MaintenanceSetting>,
    private readonly options: { forcedOff?: boolean; ttlMs?: number; onError?: (error: unknown) => void } = {},
  ) {}

  get forcedOff(): boolean {
    return this.options.forcedOff === true;
  }

  /**
   * The setting in force here. A copy past its TTL is still answered while one read refreshes
   * it, so a busy database never holds requests before load shedding can turn them away; only
   * the first read and the one after a heard change (the copy dropped) are waited for.
   */
  async current(): Promise<MaintenanceSetting> {
    const fresh = this.#value !== null && performance.now() - this.#readAt < (this.options.ttlMs ?? MAINTENANCE_TTL_MS);
    if (fresh && this.#value) return this.#value;
    if (this.#loading?.generation !== this.#generation) {
      const generation = this.#generation;
      this.#loading = { generation, promise: this.#load(generation) };
    }
    return this.#value ?? this.#loading.promise;
  }

  /** Whether a request from `ip` goes through now. */
  async letsIn(ip: string): Promise<boolean> {
    return this.forcedOff || maintenanceLetsIn(await this.current(), ip);
  }

  /** The writer's own process takes its committed change at once (the others hear the NOTIFY). */
  applied(setting: MaintenanceSetting): void {
    this.#generation += 1;
    this.#value = setting;
    this.#readAt = performance.now();
  }

  async #load(generation: number): Promise<MaintenanceSetting> {
    let value: MaintenanceSetting;
    try {
      value = await this.read();
    } catch (error) {
      this.options.onError?.(error);
      value = this.#value ?? MAINTENANCE_DEFAULT;
    }
    if (generation === this.#generation) {
      this.#value = value;
      this.#readAt = performance.now();
      this.#loading = null;
    }
    return value;
  }

  /** A change was heard: the copy goes, and the next request waits for the new setting. */
  #forget(): void {
    this.#generation += 1;
    this.#value = null;
  }

  evictSetting(): void {
    this.#forget();
  }

  /** A lost or regained channel may have missed a change: read again. */
  setLive(): void {
    this.#forget();
  }

  evictSession(): void {}
  evictUser(): void {}
  evictReads(): void {}
  evictBalance(): void {}
}

export const maintenancePlugin = appPlugin<{ config: Config; db: Kysely<Database> }>('maintenance', async (app: FastifyInstance, { config, db }) => {
  const maintenance = new MaintenanceSwitch(async () => (await readMaintenance(db)).setting, {
    forcedOff: config.maintenanceForceOff,
    onError: (error) => app.log.warn({ err: error }, 'maintenance: the setting could not be read; the last one known stays'),
  });
  app.decorate('maintenance', maintenance);
  // Read as the app gets ready, so requests seldom wait for the first read; never held for it
  // (a database that does not answer must not keep the server, and its health, from starting).
  app.addHook('onReady', async () => {
    void maintenance.current();
  });
  const channel = await listenForInvalidations(db, maintenance);
  app.addHook('onClose', async () => {
    await channel.stop();
  });

  const staysUp = new Set([`${API_BASE}${SYSTEM_PATHS.health}`, `${API_BASE}${SYSTEM_PATHS.ready}`]);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!(path === API_BASE || path.startsWith(`${API_BASE}/`)) || staysUp.has(path)) return;
    if (await maintenance.letsIn(request.ip)) return;
    reply.code(503).header('retry-after', '300').send({ success: false, error: MAINTENANCE_MESSAGE, maintenance: 1 });
    return reply;
  });
});
