// `npm run admin` as a real process (`node --import tsx server/cli/admin.ts`) on a real,
// production-configured database: a temporary PGlite folder, or, with TEST_DATABASE_URL, a
// fresh PostgreSQL schema. The link it prints signs in through a real server process.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, importResponseSchema } from '#contract/admin';
import { loginResponseSchema } from '#contract/session';
import { migrateToLatest } from '#server/db/migrate';
import { openDatabase } from '#server/db/open';
import type { Database } from '#server/db/schema';
import { seedMinimal } from '#server/seed/index';
import { csvOf, multipart } from '#test-support/server/import-files';
import { freePort, LISTENING, startServerProcess, type ServerChild } from '#test-support/server/server-process';
import { newTestSchema } from '#test-support/server/test-app';

const POSTGRES = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A production environment on an empty database of its own. */
async function productionEnv(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'impecable-admin-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  return {
    NODE_ENV: 'production',
    SSO_SECRET: 'un-secreto-de-produccion-de-mas-de-32-caracteres',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DIST_DIR: '/nonexistent-dist',
    DATABASE_URL: POSTGRES ? await newTestSchema(POSTGRES) : '',
    LOG_LEVEL: 'warn',
  };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runAdmin(env: Record<string, string>, ...args: string[]): Promise<Run> {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(merged)) if (!value) delete merged[name];
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', '--', ...args], { env: merged }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

/** The one-time link, the last line printed. */
function linkOf(run: Run): string {
  const last = run.stdout.trim().split('\n').at(-1) ?? '';
  expect(last).toMatch(/\/sso\/[\w-]+\.[\w-]+\.[\w-]+$/);
  return last;
}

/** The test's own handle on the database the processes use (only while none of them holds a PGlite folder). */
async function withDb<T>(env: Record<string, string>, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const { db } = await openDatabase({ databaseUrl: env.DATABASE_URL || null, dataDir: env.DATA_DIR ?? null });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

const usersOf = (db: Kysely<Database>) => db.selectFrom('users').selectAll().orderBy('id').execute();
const auditOf = (db: Kysely<Database>) => db.selectFrom('admin_audit').selectAll().orderBy('id').execute();

async function startServer(env: Record<string, string>): Promise<ServerChild> {
  const server = startServerProcess(env);
  cleanups.push(async () => {
    server.process.kill('SIGTERM');
    await server.exited;
  });
  await server.waitFor(LISTENING, 'listening');
  return server;
}

/** What the /sso/{token} page does with its token. */
const signInWith = (env: Record<string, string>, link: string) => fetch(`${env.PUBLIC_URL}/api/auth/login-sso`, {
  method: 'POST',
  headers: { authorization: `Bearer ${link.slice(link.lastIndexOf('/') + 1)}` },
});

describe('npm run admin on an empty production database', { timeout: 120_000 }, () => {
  it(`creates the admin and prints a one-time link that signs in as admin, who can then import users (${POSTGRES ? 'PostgreSQL, server running' : 'PGlite, before the server starts'})`, async () => {
    const env = await productionEnv();
    // PostgreSQL: the server is already up on the empty database. PGlite: its folder is one process's, the server comes after.
    let server = POSTGRES ? await startServer(env) : null;
    const run = await runAdmin(env, 'Jefa@Impecable.demo', 'Jefa de Operaciones');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Administrador creado: Jefa de Operaciones <jefa@impecable.demo>.');
    expect(run.stdout).toContain('(un solo uso, válido 5 minutos)');
    const link = linkOf(run);
    expect(link.startsWith(`${env.PUBLIC_URL}/sso/`)).toBe(true);
    server ??= await startServer(env);
    expect(server.lines.join('\n')).not.toContain('Datos de demostración');

    const signedIn = await signInWith(env, link);
    expect(signedIn.status).toBe(200);
    const { data } = loginResponseSchema.parse(await signedIn.json());
    expect(data?.user).toMatchObject({ email: 'jefa@impecable.demo', name: 'Jefa de Operaciones', perfil: 'admin' });
    const auth = { authorization: `Bearer ${data?.token ?? ''}` };
    const check = await fetch(`${env.PUBLIC_URL}/api/ceck-admin`, { headers: auth });
    expect(await check.json()).toMatchObject({ isAdmin: true });

    // The next step of a live month: the admin fills the empty installation from a file.
    const agent = ['Agente Uno', 'agente1@impecable.demo', null, null, null, null, 1, 'Plataforma Norte', 'Sede Centro', null];
    const { payload, headers } = multipart('usuarios.csv', csvOf([[...IMPORT_COLUMNS], agent]));
    const imported = await fetch(`${env.PUBLIC_URL}/api/importar-usuario`, { method: 'POST', headers: { ...headers, ...auth }, body: new Uint8Array(payload) });
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(importResponseSchema.parse(await imported.json())).toMatchObject({ users_created: 1 });

    // One use only.
    const replay = await signInWith(env, link);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: 'El enlace de acceso ya se ha utilizado' });
  });

  it('is idempotent: a second run changes nothing but prints a new link and audits the run', async () => {
    const env = await productionEnv();
    const first = await runAdmin(env, 'jefa@impecable.demo', 'Jefa');
    expect(first.code, first.stderr).toBe(0);
    const second = await runAdmin(env, 'JEFA@impecable.demo', 'Otro Nombre');
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('Jefa <jefa@impecable.demo> ya es administrador: no se ha cambiado nada.');
    expect(second.stdout).toContain('Se conserva su nombre "Jefa"');
    expect(linkOf(second)).not.toBe(linkOf(first));

    await withDb(env, async (db) => {
      const users = await usersOf(db);
      expect(users).toHaveLength(1);
      expect(users[0]).toMatchObject({ email: 'jefa@impecable.demo', name: 'Jefa', perfil: 'admin', role: 'admin', brand_id: 1 });
      const audit = await auditOf(db);
      expect(audit.map((a) => a.action)).toEqual(['created', 'unchanged']);
      expect(audit[0]).toMatchObject({ actor: 'cli', target_user_id: users[0]?.id, before: null, after: { email: 'jefa@impecable.demo', perfil: 'admin' } });
      expect(audit[0]?.os_user).toBeTruthy();
      expect(audit[0]?.host).toBeTruthy();
      expect(audit[1]).toMatchObject({ before: audit[1]?.after });
      expect(await db.selectFrom('brands').selectAll().execute()).toEqual([{ id: 1, name: 'Marca 1' }]);
    });
  });

  it('refuses a malformed e-mail with exit code 2 and a Spanish message, writing nothing', async () => {
    const env = await productionEnv();
    for (const email of ['jefa@@impecable.demo', 'jefa', 'jefa@impecable', 'jefa @impecable.demo']) {
      const run = await runAdmin(env, email, 'Jefa');
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`"${email.trim()}" no es un correo electrónico válido.`);
      expect(run.stderr).toContain('Uso: npm run admin -- EMAIL "Nombre"');
      expect(run.stdout).not.toContain('/sso/');
    }
    // Not even the database was created or migrated.
    if (!POSTGRES) expect(existsSync(join(env.DATA_DIR ?? '', 'pglite'))).toBe(false);
    else {
      await withDb(env, async (db) => {
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = current_schema()`.execute(db);
        expect(rows[0]?.n).toBe(0);
      });
    }
  });

  it('refuses a new user without a name (exit code 2), writing no user', async () => {
    const env = await productionEnv();
    const run = await runAdmin(env, 'jefa@impecable.demo');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('jefa@impecable.demo no es un usuario todavía: indica su nombre.');
    await withDb(env, async (db) => {
      expect(await usersOf(db)).toEqual([]);
      expect(await auditOf(db)).toEqual([]);
      expect(await db.selectFrom('brands').selectAll().execute()).toEqual([]);
    });
  });
});

describe('npm run admin on a database with users', { timeout: 120_000 }, () => {
  it('promotes an existing agent, keeping their data; the agent leaves the rankings and the coaching figures', async () => {
    const env = await productionEnv();
    const email = 'ana@impecable.demo';
    const before = await withDb(env, async (db) => {
      await migrateToLatest(db);
      await seedMinimal(db, new Date());
      const ana = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      const standings = await db.selectFrom('ranking_standings').select('user_id').where('user_id', '=', ana.id).execute();
      expect(standings.length).toBeGreaterThan(0);
      return { ana, agents: await populationAt(db, ana) };
    });
    expect(before.ana.perfil).toBe('');

    const run = await runAdmin(env, email);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${before.ana.name} <${email}> ya era usuario: ahora es administrador (se conservan sus demás datos).`);
    linkOf(run);

    await withDb(env, async (db) => {
      const ana = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
      const { perfil, updated_at: _after, ...rest } = ana;
      const { perfil: _old, updated_at: _before, ...kept } = before.ana;
      expect(perfil).toBe('admin');
      expect(rest).toEqual(kept);
      expect(await db.selectFrom('ranking_standings').select('user_id').where('user_id', '=', ana.id).execute()).toEqual([]);
      expect(await populationAt(db, ana)).toBe(before.agents - 1);
      const audit = await auditOf(db);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'promoted', target_user_id: ana.id, before: { perfil: '', name: ana.name }, after: { perfil: 'admin', name: ana.name } });
    });
  });
});

async function populationAt(db: Kysely<Database>, user: { brand_id: number; platform_id: number | null; site_id: number | null }): Promise<number> {
  const row = await db.selectFrom('coaching_population').select('agents')
    .where('brand_id', '=', user.brand_id).where('platform_id', '=', user.platform_id ?? 0).where('site_id', '=', user.site_id ?? 0)
    .executeTakeFirst();
  return row?.agents ?? 0;
}

describe.skipIf(Boolean(POSTGRES))('npm run admin while a server holds the PGlite folder', { timeout: 120_000 }, () => {
  it('refuses with exit code 1, saying to stop the server or use PostgreSQL, and writes nothing', async () => {
    const env = await productionEnv();
    const server = await startServer(env);
    const run = await runAdmin(env, 'jefa@impecable.demo', 'Jefa');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`el servidor (pid ${server.process.pid}) está usando la base de datos PGlite`);
    expect(run.stderr).toContain('Detén el servidor');
    expect(run.stderr).toContain('o usa PostgreSQL (DATABASE_URL)');
    expect(run.stdout).not.toContain('/sso/');
    server.process.kill('SIGTERM');
    await server.exited;
    await withDb(env, async (db) => {
      expect(await usersOf(db)).toEqual([]);
    });
  });
});
