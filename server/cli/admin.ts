// `npm run admin -- EMAIL "Nombre"`, on the server's host: creates an administrator (perfil
// admin) in the configured database, or promotes the user who has that e-mail keeping the
// rest of their data, records the run in admin_audit (actor 'cli', the operating-system user
// and host, what it did, before and after), and prints a one-time sign-in link
// (PUBLIC_URL/sso/{token}, valid 5 minutes). Idempotent: run again, it changes nothing and
// prints a new link (and writes a new audit row, 'unchanged': a link was issued).
// It prepares the database as the server does (migrations; the demo data only in demo mode),
// so it works on an empty production database, before or while the server runs on
// PostgreSQL. A PGlite folder is one process's: while a server holds it, this refuses and says
// to stop the server or use PostgreSQL.
// Exit codes: 0 done, 2 wrong arguments (nothing written), 1 anything else.
import { existsSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { sql, type Kysely } from 'kysely';
import * as z from 'zod/mini';
import { canImportUsers, normalizeProfile } from '#domain/profiles';
import { ConfigError, loadConfig, type Config } from '#server/config';
import { folderHolder } from '#server/db/folder-lock';
import { DatabaseOpenError, openDatabase, pgliteDirOf, type OpenedDatabase } from '#server/db/open';
import type { AdminAuditAction, Database, UserRow } from '#server/db/schema';
import { signSsoToken, SSO_MAX_LIFETIME_SECONDS } from '#server/modules/auth/sso-token';
import { moveCoachingUser } from '#server/modules/coaching/aggregates';
import { refreshUserStandings } from '#server/modules/rankings/standings';
import { ensureBrand } from '#server/modules/user-import/repository';
import { createUsersRepository } from '#server/modules/users/repository';
import { PREPARE_LOCK, prepareDatabase, preparedNotice } from '#server/prepare-database';

const USAGE = 'Uso: npm run admin -- EMAIL "Nombre"   (el nombre solo hace falta para un usuario nuevo)';
const MAX_TEXT = 200;
const emailSchema = z.email().check(z.maxLength(MAX_TEXT));

/** A mistake in the command line: exit code 2, nothing written. */
class UsageError extends Error {}

function fail(message: string, code: 1 | 2 = 1): never {
  console.error(`Error: ${message}`);
  if (code === 2) console.error(USAGE);
  process.exit(code);
}

interface Request {
  email: string;
  name: string | null;
}

function parseArgs(argv: readonly string[]): Request {
  const [rawEmail, ...rest] = argv.filter((arg) => arg !== '--');
  if (rawEmail === undefined || rawEmail.trim() === '') throw new UsageError('falta el correo del administrador.');
  const email = rawEmail.trim().toLowerCase();
  if (!emailSchema.safeParse(email).success) throw new UsageError(`"${rawEmail.trim()}" no es un correo electrónico válido.`);
  // An unquoted name arrives as several arguments: they are one name.
  const name = rest.join(' ').trim() || null;
  if (name !== null && name.length > MAX_TEXT) throw new UsageError(`el nombre no puede pasar de ${MAX_TEXT} caracteres.`);
  return { email, name };
}

/** Who ran the command, for the audit. */
function actor(): { os_user: string | null; host: string | null } {
  let user: string | null;
  try {
    user = userInfo().username;
  } catch {
    user = process.env.USER ?? null;
  }
  // Through sudo, the person is the one sudo names.
  const sudoUser = process.env.SUDO_USER;
  return { os_user: sudoUser && sudoUser !== user ? `${user} (sudo de ${sudoUser})` : user, host: hostname() || null };
}

/** The fields the audit records about an admin. */
const snapshot = (user: Pick<UserRow, 'email' | 'name' | 'perfil' | 'role' | 'brand_id'>) =>
  ({ email: user.email, name: user.name, perfil: user.perfil, role: user.role, brand_id: user.brand_id });

interface Outcome {
  action: AdminAuditAction;
  user: UserRow;
  auditId: number;
}

/** The brand a new admin belongs to: the first one, or brand 1 (as an import would create it) in an empty database. */
async function adminBrand(db: Kysely<Database>): Promise<number> {
  const first = await db.selectFrom('brands').select('id').orderBy('id').limit(1).executeTakeFirst();
  if (first) return first.id;
  await ensureBrand(db, 1);
  return 1;
}

/** Creates, promotes or finds the admin and writes the audit row, in one transaction. */
async function grantAdmin(opened: OpenedDatabase, request: Request, now: Date): Promise<Outcome> {
  return opened.db.transaction().execute(async (trx) => {
    // On PostgreSQL, two runs at once (or a server preparing the database) take turns.
    if (opened.kind === 'postgres') await sql`SELECT pg_advisory_xact_lock(${PREPARE_LOCK})`.execute(trx);
    const stored = await createUsersRepository(trx).findByEmail(request.email);
    let action: AdminAuditAction;
    let user: UserRow;
    if (!stored) {
      if (request.name === null) throw new UsageError(`${request.email} no es un usuario todavía: indica su nombre.`);
      action = 'created';
      user = await trx.insertInto('users').values({
        email: request.email, name: request.name, role: 'admin', perfil: 'admin',
        brand_id: await adminBrand(trx), created_at: now, updated_at: now,
      }).returningAll().executeTakeFirstOrThrow();
    } else if (normalizeProfile(stored.perfil) !== 'admin') {
      action = 'promoted';
      user = await trx.updateTable('users').set({ perfil: 'admin', updated_at: now })
        .where('id', '=', stored.id).returningAll().executeTakeFirstOrThrow();
      // An agent who becomes admin leaves the rankings and Seguimiento's figures (as an import's change of perfil does).
      await refreshUserStandings(trx, stored.id);
      await moveCoachingUser(trx, stored.id, stored);
    } else {
      action = 'unchanged';
      user = stored;
    }
    const { id } = await trx.insertInto('admin_audit').values({
      actor: 'cli', ...actor(), target_user_id: user.id, action,
      before: stored ? JSON.stringify(snapshot(stored)) : null,
      after: JSON.stringify(snapshot(user)),
      created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    return { action, user, auditId: id };
  });
}

/** Opens the configured database; a PGlite folder a running server holds is refused with what to do. */
async function open(config: Config): Promise<OpenedDatabase> {
  if (!config.databaseUrl) {
    const dir = pgliteDirOf(config.dataDir);
    const holder = existsSync(dir) ? await folderHolder(dir) : 'free';
    if (holder !== 'free') {
      fail(`el servidor (pid ${holder ?? 'desconocido'}) está usando la base de datos PGlite de ${dir}, y PGlite solo admite un proceso. `
        + 'Detén el servidor, ejecuta de nuevo npm run admin y vuelve a arrancarlo (el enlace vale 5 minutos), '
        + 'o usa PostgreSQL (DATABASE_URL): con él funciona con el servidor en marcha.');
    }
  }
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DatabaseOpenError) fail(error.message);
    throw error;
  }
}

function report(outcome: Outcome, request: Request, config: Config): string[] {
  const { user } = outcome;
  const lines = [
    outcome.action === 'created' ? `Administrador creado: ${user.name} <${user.email}>.`
      : outcome.action === 'promoted' ? `${user.name} <${user.email}> ya era usuario: ahora es administrador (se conservan sus demás datos).`
        : `${user.name} <${user.email}> ya es administrador: no se ha cambiado nada.`,
  ];
  if (outcome.action !== 'created' && request.name !== null && request.name !== user.name) {
    lines.push(`Se conserva su nombre "${user.name}" (el nombre indicado solo se usa al crear el usuario).`);
  }
  if (!canImportUsers(user, config.corporateDomain)) {
    lines.push(`Aviso: ${user.email} no es del dominio corporativo (CORPORATE_DOMAIN=${config.corporateDomain}): podrá entrar como administrador, pero no importar usuarios.`);
  }
  lines.push(`Registrado en la auditoría (admin_audit, fila ${outcome.auditId}).`);
  return lines;
}

async function main(): Promise<void> {
  let request: Request;
  try {
    request = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) fail(error.message, 2);
    throw error;
  }
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }

  const opened = await open(config);
  let outcome: Outcome | UsageError;
  try {
    const prepared = await prepareDatabase(config, opened);
    // Demo mode on an empty database: the demo data, as `npm start` would have loaded it.
    if (prepared.kind === 'seeded') console.log(preparedNotice(prepared));
    outcome = await grantAdmin(opened, request, new Date()).catch((error: unknown) => {
      if (error instanceof UsageError) return error;
      throw error;
    });
  } finally {
    await opened.db.destroy();
  }
  if (outcome instanceof UsageError) fail(outcome.message, 2);
  for (const line of report(outcome, request, config)) console.log(line);
  const token = await signSsoToken(config.ssoSecret, outcome.user.email);
  console.log(`Enlace de acceso para ${outcome.user.email} (un solo uso, válido ${SSO_MAX_LIFETIME_SECONDS / 60} minutos):`);
  console.log(`${config.publicUrl}/sso/${token}`);
}

main().catch((error: unknown) => {
  console.error('Error: no se pudo crear el administrador:', error);
  process.exit(1);
});
