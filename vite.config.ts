import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { PRIZE_FRAME_FILE } from '#contract/common-constants';
import { appShell } from './scripts/vite/app-shell.ts';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest)$/;

/**
 * Writes .br and .gz next to every text file of the build, so the server sends them
 * compressed without spending CPU per request (@fastify/static preCompressed). Runs last,
 * after the service worker is written. Videos and images are already compressed.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'impecable:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of walk(outDir).filter((path) => COMPRESSIBLE.test(path))) {
          const bytes = readFileSync(file);
          if (bytes.length < 1024) continue;
          writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
          writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        }
      },
    },
  };
}

/**
 * What the sign-in screen and the signed-in layout (so every signed-in screen) both load with
 * their first paint: the navigation rules, the profile checks, the demo and configuration reads,
 * and Mantine's Alert and Skeleton. Matched by path; a module that leaves either only costs the
 * other its bytes, which the build-size check of `npm test` reports.
 */
const FIRST_SCREEN_SHARED = [
  /\/src\/domain\/(navigation|profiles|impersonation)\.ts$/,
  /\/src\/contract\/session-constants\.ts$/,
  /\/src\/components\/alert-icon\.tsx$/,
  /\/src\/data\/app-config\.ts$/,
  /\/@mantine\/core\/esm\/components\/(Alert|CloseButton|Skeleton)\//,
  /\/@mantine\/hooks\/esm\/(use-id|utils\/random-id)\//,
];

const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

/**
 * react-router exports only its development build (dev warnings and checks, ~30 % larger); the
 * production build sits beside it, so a build resolves the two entries the app reaches
 * (through react-router-dom) to it. Mantine's fixes are patches (patches/, patch-package).
 */
const routerProduction = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
const ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: join(routerProduction, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(routerProduction, 'dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? ROUTER_PRODUCTION : [] },
  plugins: [
    appShell(),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,woff2,webmanifest}'],
        // Attribute art (~170 KB of SVG) is precached so every screen is whole offline;
        // videos and product images are cached at run time (see sw/caching.ts).
        // The first card of /premios is for the server's page only (server/plugins/app-page.ts).
        globIgnores: ['media/**', PRIZE_FRAME_FILE],
        // A classic script in one file: the 'es' format makes the plugin pass rolldown the
        // deprecated inlineDynamicImports, a build warning nobody here can act on.
        rollupFormat: 'iife',
      },
      manifest: {
        id: '/',
        name: '+impecable',
        short_name: '+impecable',
        description: 'Formación, ranking y premios para agentes de plataformas de servicio.',
        lang: 'es',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0b5cab',
        background_color: '#f5f7fb',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    precompress(),
  ],
  server: { proxy: { '/api': apiTarget, '/media/u': apiTarget } },
  // The manifest lets `npm run bench` measure what each route really loads (bench/lib/bundle.ts).
  build: {
    target: 'es2022',
    // The video player (video.js with its HTTP streaming, ~700 KB) is the one chunk over Vite's
    // 500 KB default; it loads only when a video opens. Route budgets are the real gate
    // (scripts/check-bundle.ts), so the warning would only ever name this known chunk.
    chunkSizeWarningLimit: 750,
    sourcemap: false,
    manifest: true,
    // A lazy chunk's own scripts are not preloaded by Vite's loader, only its stylesheets: the
    // first paint already asks for the route's whole closure (src/app/shell/boot.ts), and the
    // loader's dozens of <link> insertions per import were up to half of several start-up tasks.
    modulePreload: false,
    rolldownOptions: {
      // The page names no script of the app's: the first paint's inline script adds the entry
      // (src/main.tsx) once its frame is on screen (src/app/shell/boot.ts), so the page waits
      // for no file and one place writes the app's tags (scripts/vite/app-shell.ts lists them).
      input: { index: 'index.html', main: 'src/main.tsx' },
      output: {
        // Everything the entry loads statically is one file ('$initial': its static import
        // closure): the app starts with one request instead of a dozen, and one gzip stream packs
        // it ~5 KB smaller. Lazy chunks keep rolldown's own splitting, so no screen loads another
        // screen's code. (Grouping the signed-in layout's closure too was tried: Mantine's barrel
        // makes its import closure everything, so the sign-in screen would have loaded it.) The
        // small modules both the sign-in screen and the signed-in layout load are one file too
        // (FIRST_SCREEN_SHARED): as a dozen, /login carried 1.5 KB more of them.
        codeSplitting: {
          groups: [
            // index.html is an input with no script: its (empty) module stays out of the app's file.
            { name: 'app', tags: ['$initial'], test: (id) => !id.endsWith('/index.html') },
            { name: 'first-screen', test: (id) => FIRST_SCREEN_SHARED.some((module) => module.test(id)) },
          ],
        },
      },
    },
  },
}));
