// The reference page of issue 37's Lighthouse budgets: bench/reference/ (React 19 + Mantine 9,
// a typical signed-in screen, no data layer) built with Vite's own API and no config file —
// none of the app's plugins, no service worker — into <build>/bench-reference/, served by the
// same server as the routes. Bench-only, like the baseline page: built after the app's build
// (so the service worker never precaches it) and removed afterwards.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const FOLDER = 'bench-reference';
/** The page's address. The server's static files have no directory index (index: false), so
 * `/bench-reference/` alone would get the app's SPA fallback: the file is named. */
export const REFERENCE_PATH = `/${FOLDER}/index.html`;
const ROOT = fileURLToPath(new URL('../reference', import.meta.url));

export interface ReferencePage {
  /** JS the page loads, gzip level 9, in bytes (the reference was ~96 KB). */
  jsGzip: number;
  remove: () => void;
}

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/** Builds the page into `<distDir>/bench-reference/` with `nick` in its greeting; returns its size and remover. */
export async function buildReferencePage(distDir: string, nick: string): Promise<ReferencePage> {
  // Absolute: Vite reads a relative outDir from the page's own root (bench/reference/).
  const outDir = resolve(distDir, FOLDER);
  const remove = () => rmSync(outDir, { recursive: true, force: true });
  // React's production build whatever NODE_ENV this process has (Vite follows it: 'test' would
  // bring React's development build), and NODE_ENV as it was afterwards (Vite's build leaves it
  // at 'production': every server the bench starts later would refuse the demo configuration).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: false,
      envDir: false,
      root: ROOT,
      mode: 'production',
      base: `/${FOLDER}/`,
      logLevel: 'warn',
      publicDir: false,
      plugins: [react()],
      define: { __BENCH_NICK__: JSON.stringify(nick) },
      build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false },
    });
  } catch (error) {
    remove();
    throw error;
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  // Compressed siblings, as the app's build writes them (vite.config.ts precompress), so the
  // server sends this page as it sends the routes (@fastify/static preCompressed).
  let jsGzip = 0;
  for (const file of walk(outDir).filter((path) => /\.(js|css|html)$/.test(path))) {
    const bytes = readFileSync(file);
    const gzip = gzipSync(bytes, { level: 9 });
    if (file.endsWith('.js')) jsGzip += gzip.length;
    if (bytes.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzip);
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
  return { jsGzip, remove };
}
