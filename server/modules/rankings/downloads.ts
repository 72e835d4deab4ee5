// Ranking downloads (spec 7): the global ranking and an attribute's ranking by site or brand
// as real .xlsx workbooks (writeXlsx neutralises formula-like cells). A workbook is stored for
// DOWNLOAD_TTL_MS under a random token whose hash is the key; download_url serves it only to
// the user who asked, with their bearer token. INTERNO, PLATAFORMA and admin only; each sees
// the agents of its impersonation scope, at their real positions.
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { API_BASE } from '#contract/common';
import { buildPath } from '#contract/paths';
import { RANKING_PATHS, type DownloadFilter, type DownloadResponse } from '#contract/ranking';
import { ATTRIBUTE_SLUGS, type AttributeId } from '#contract/attributes';
import { impersonationScope } from '#domain/impersonation';
import { canDownloadRankings } from '#domain/profiles';
import { prizeTierOf, prizeTiers } from '#domain/ranking';
import type { Database, UserRow } from '#server/db/schema';
import { HttpError } from '#server/http-error';
import { writeXlsx, type Cell } from '#server/spreadsheets/write';
import { ATTRIBUTE_NOT_FOUND, parseAttributeParam } from './service.ts';
import { GLOBAL_RANKING } from './standings.ts';

export const DOWNLOAD_TTL_MS = 5 * 60_000;
export const NO_DOWNLOAD_ACCESS = 'No tienes acceso a esta seccion';
export const UNSUPPORTED_DOWNLOAD = 'Tipo de descarga no soportado';
export const DOWNLOAD_GONE = 'La descarga ha caducado o no existe';

export const DOWNLOAD_HEADER = ['Posición', 'Nick name', 'Nombre', 'Email', 'Marca', 'Plataforma', 'Sede', 'Puntos', 'Tareas completadas'];

type Partition = 'global' | DownloadFilter;

interface DownloadRow {
  position: number;
  group_size: number;
  nick_name: string | null;
  name: string;
  email: string;
  brand: string | null;
  platform: string | null;
  site: string | null;
  points: number;
  tasks: number;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const TIER_LABELS = { 1: '1er premio', 2: '2º premio', 3: '3er premio' } as const;

/** The prize a row wins in its ranking: site tiers by the site's agents, or the brand's first. */
function prizeOf(partition: Partition, row: DownloadRow): string {
  if (partition === 'marca') return row.position === 1 ? 'Premio de marca' : '';
  if (partition === 'plataforma') {
    const tier = prizeTierOf(row.position, prizeTiers(row.group_size));
    return tier ? TIER_LABELS[tier] : '';
  }
  return '';
}

export function createRankingDownloads({ db, clock }: { db: Kysely<Database>; clock: () => Date }) {
  function assertAccess(user: UserRow): void {
    if (!canDownloadRankings(user.perfil)) throw new HttpError(403, NO_DOWNLOAD_ACCESS);
  }

  /** The ranking's rows the user may see, with positions computed over the whole ranking. */
  async function rows(user: UserRow, attributeId: number, partition: Partition): Promise<DownloadRow[]> {
    const by = partition === 'marca' ? sql`PARTITION BY s.brand_id` : partition === 'plataforma' ? sql`PARTITION BY s.site_id` : sql``;
    const scope = impersonationScope({ perfil: user.perfil, brandId: user.brand_id, platformId: user.platform_id });
    const visible = scope.kind === 'all' ? sql``
      : scope.kind === 'brands' ? sql`AND u.brand_id IN (${sql.join(scope.brandIds)})`
        : scope.kind === 'platforms' ? sql`AND u.brand_id = ${scope.brandId} AND u.platform_id IN (${sql.join(scope.platformIds)})`
          : sql`AND false`;
    const { rows: found } = await sql<DownloadRow>`
      SELECT r.position::int AS position, r.group_size::int AS group_size, u.nick_name, u.name, u.email,
        b.name AS brand, p.name AS platform, st.name AS site, r.points, r.tasks
      FROM (
        SELECT s.*,
          row_number() OVER (${by} ORDER BY s.points DESC, s.finished_at ASC NULLS LAST, s.reached_at ASC, s.user_id ASC) AS position,
          count(*) OVER (${by}) AS group_size
        FROM ranking_standings s
        WHERE s.attribute_id = ${attributeId} AND s.points > 0 ${partition === 'plataforma' ? sql`AND s.site_id IS NOT NULL` : sql``}
      ) r
      JOIN users u ON u.id = r.user_id
      LEFT JOIN brands b ON b.id = r.brand_id
      LEFT JOIN sites st ON st.id = r.site_id
      LEFT JOIN platforms p ON p.id = st.platform_id
      WHERE true ${visible}
      ORDER BY ${partition === 'marca' ? sql`r.brand_id,` : partition === 'plataforma' ? sql`st.name, r.site_id,` : sql``} r.position`.execute(db);
    return found;
  }

  async function store(user: UserRow, fileName: string, bytes: Buffer): Promise<DownloadResponse> {
    const token = randomBytes(32).toString('base64url');
    const now = clock();
    await db.deleteFrom('ranking_downloads').where('expires_at', '<=', now).execute();
    await db.insertInto('ranking_downloads').values({
      token_hash: hashOf(token), user_id: user.id, file_name: fileName, bytes, created_at: now, expires_at: new Date(now.getTime() + DOWNLOAD_TTL_MS),
    }).execute();
    return { download_url: `${API_BASE}${buildPath(RANKING_PATHS.downloadFile, { token })}`, file_name: fileName };
  }

  async function workbook(user: UserRow, attributeId: number, partition: Partition, fileName: string): Promise<DownloadResponse> {
    const found = await rows(user, attributeId, partition);
    const withPrize = partition !== 'global';
    const body: Cell[][] = found.map((r) => [
      r.position, r.nick_name, r.name, r.email, r.brand, r.platform, r.site, r.points, r.tasks, ...(withPrize ? [prizeOf(partition, r)] : []),
    ]);
    const header = withPrize ? [...DOWNLOAD_HEADER, 'Premio'] : DOWNLOAD_HEADER;
    return store(user, fileName, writeXlsx([{ name: 'Ranking', header, rows: body, widths: [10, 22, 30, 34, 16, 20, 20, 10, 20, 14] }]));
  }

  return {
    async global(user: UserRow): Promise<DownloadResponse> {
      assertAccess(user);
      return workbook(user, GLOBAL_RANKING, 'global', 'ranking-global.xlsx');
    },

    /** By attribute: per brand unless the filter asks for sites ("sede" is sent as plataforma). */
    async attribute(user: UserRow, atributo: string, filtro: string | undefined): Promise<DownloadResponse> {
      assertAccess(user);
      const partition: DownloadFilter | null = filtro === undefined || filtro === 'marca' ? 'marca'
        : filtro === 'plataforma' || filtro === 'sede' ? 'plataforma' : null;
      if (partition === null) throw new HttpError(400, UNSUPPORTED_DOWNLOAD);
      const id = parseAttributeParam(atributo);
      const attribute = id === null ? undefined : await db.selectFrom('attributes').select(['id', 'enabled']).where('id', '=', id).executeTakeFirst();
      if (!attribute?.enabled) throw new HttpError(404, ATTRIBUTE_NOT_FOUND);
      const slug = ATTRIBUTE_SLUGS[attribute.id as AttributeId];
      return workbook(user, attribute.id, partition, `ranking-${slug}-${partition === 'marca' ? 'marca' : 'sede'}.xlsx`);
    },

    /** The stored workbook behind a download_url, for the user who asked, while it lasts. */
    async fetch(user: UserRow, token: string): Promise<{ fileName: string; bytes: Buffer }> {
      const row = await db.selectFrom('ranking_downloads').select(['file_name', 'bytes'])
        .where('token_hash', '=', hashOf(token)).where('user_id', '=', user.id).where('expires_at', '>', clock())
        .executeTakeFirst();
      if (!row) throw new HttpError(404, DOWNLOAD_GONE);
      return { fileName: row.file_name, bytes: Buffer.from(row.bytes) };
    },
  };
}
