// `npm run sso-link -- <email>`: prints a working /sso/{token} sign-in link as its last line
// (demo mode only), for any user. Asks the running server first (POST /api/demo/sso-token,
// proving the SSO secret with a token of its own: that lifts the endpoint's limits to the demo
// users and to this machine), because PGlite's folder must never be opened by two processes;
// only when no server answers does it open the database itself, read-only in spirit: no
// migrations, no writes.
import { existsSync, readdirSync } from 'node:fs';
import { API_BASE } from '#contract/common';
import { AUTH_PATHS } from '#contract/session';
import { ConfigError, loadConfig, type Config } from '#server/config';
import { folderHolder } from '#server/db/folder-lock';
import { DatabaseOpenError, openDatabase, pgliteDirOf, type OpenedDatabase } from '#server/db/open';
import { NO_SUCH_USER } from '#server/modules/auth/service';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { createUsersRepository } from '#server/modules/users/repository';

function fail(message: string): never {
  console.error(`Error: ${message}`);
  process.exit(1);
}

/** A token from a running server, null when none answers, or a failure it explained. */
async function askServer(base: string, email: string, secret: string): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(`${base}${API_BASE}${AUTH_PATHS.demoSsoToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await signSsoToken(secret, email)}` },
      body: JSON.stringify({ email }),
      signal: AbortSignal.timeout(3_000),
    });
  } catch {
    return null;
  }
  const body = (await response.json().catch(() => ({}))) as { token?: string; error?: string };
  if (response.ok && body.token) return body.token;
  if (body.error === NO_SUCH_USER) fail(`${email} no es un usuario de +impecable`);
  fail(`el servidor en ${base} respondió ${response.status}: ${body.error ?? 'sin detalle'}`);
}

async function userFromDatabase(config: Config, email: string): Promise<string | null> {
  if (!config.databaseUrl) {
    const dir = pgliteDirOf(config.dataDir);
    if (!existsSync(dir) || readdirSync(dir).length === 0) fail(`no hay base de datos en ${dir}: ejecuta npm start primero`);
    // The folder's lock says whether a server holds it (a leftover server.pid says nothing).
    const holder = await folderHolder(dir);
    if (holder !== 'free') fail(`el servidor (pid ${holder ?? 'desconocido'}) usa ${dir} pero no responde en ${config.publicUrl}; revisa PUBLIC_URL`);
  }
  let opened: OpenedDatabase;
  try {
    opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    // The folder is locked by a server (or unusable): its sentence says which and why.
    if (error instanceof DatabaseOpenError) fail(error.message);
    throw error;
  }
  const { db } = opened;
  try {
    const user = await createUsersRepository(db).findByEmail(email);
    return user?.email ?? null;
  } catch {
    fail('la base de datos no está preparada: ejecuta npm start primero');
  } finally {
    await db.destroy();
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  if (!config.demoMode) fail('sso-link solo funciona en modo demo (DEMO_MODE=true)');
  const email = process.argv.slice(2).find((arg) => arg !== '--')?.trim().toLowerCase();
  if (!email || !email.includes('@')) fail('uso: npm run sso-link -- <email>   (por ejemplo ana@impecable.demo)');

  const bases = [...new Set([config.publicUrl, `http://127.0.0.1:${config.port}`])];
  let token: string | null = null;
  for (const base of bases) {
    token = await askServer(base, email, config.ssoSecret);
    if (token) break;
  }
  if (!token) {
    const member = await userFromDatabase(config, email);
    if (!member) fail(`${email} no es un usuario de +impecable`);
    token = await signSsoToken(config.ssoSecret, member);
  }
  console.log(`Enlace de acceso para ${email} (un solo uso, válido 5 minutos):`);
  console.log(`${config.publicUrl}/sso/${token}`);
}

void main();
