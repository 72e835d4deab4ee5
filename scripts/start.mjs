#!/usr/bin/env node
// `npm start`: build the app with Vite when dist/ is missing or older than its sources,
// then run the server (TypeScript through tsx), forwarding signals and the exit code.
// The server says itself when it is ready, then prints the sign-in links last; this only
// warns when GET /api/health/ready (200 once the database answers) stays silent too long.
// The server shares this terminal (stdio inherited), so it writes short log lines to it.
// A failed build is reported and the server still starts, so the API stays usable.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'sw', 'public', 'index.html', 'vite.config.ts'];
const DIST = process.env.DIST_DIR?.trim() || 'dist';
const BUILT = join(DIST, 'index.html');

/** Newest modification time under a file or folder (0 when absent). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

const builtAt = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
if (!existsSync('index.html')) {
  console.warn('[start] index.html no existe todavía: se arranca solo la API.');
} else if (builtAt === 0 || SOURCES.some((source) => newest(source) > builtAt)) {
  console.log('[start] Construyendo la app (vite build)…');
  // The project's own Vite, without npx: no spinner and no npm notices in the start log.
  const vite = join('node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) console.error('[start] La construcción ha fallado: se arranca la API con la última versión disponible.');
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});

/** Where this machine reaches the server: its HOST, or loopback when it listens on every address. */
function readyUrl() {
  const host = process.env.HOST?.trim() || '0.0.0.0';
  const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const port = Number(process.env.PORT?.trim() || 8080);
  return `http://${local.includes(':') ? `[${local}]` : local}:${port}/api/health/ready`;
}

/** Polls readiness while the server lives; a first start (migrations, demo data) can take a while. */
async function warnIfNeverReady() {
  const url = readyUrl();
  const deadline = Date.now() + 180_000;
  while (server.exitCode === null && Date.now() < deadline) {
    const ready = await fetch(url, { signal: AbortSignal.timeout(3_000) }).then((res) => res.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (server.exitCode === null) console.warn(`[start] El servidor aún no está listo (${url} no responde 200).`);
}
void warnIfNeverReady();
