// Serves the built app (Vite's dist/) with an SPA fallback: any GET outside /api that is not a
// file gets index.html, as app-page.ts tells it (the first home banner, what to preload). Hashed
// /assets/* are cached forever; index.html, sw.js and the manifest are always revalidated so an update reaches installed PWAs. Never serves /api.
// Without a build (tests, API-only runs) it registers nothing and the API still works.
// index.html's inline script (the static app shell) runs under the CSP by its hash, read here.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '#contract/common';
import { paths } from '#domain/paths';
import { HttpError } from '#server/http-error';
import type { BannerArt } from '#domain/training';
import { appPage, paintedArt, paintedPrize } from './app-page.ts';
import { appPlugin } from './plugin.ts';

const STATIC_PREFIXES = ['/assets/', '/media/', '/art/', '/icons/'];
const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

function cacheControlFor(filePath: string): string {
  // With preCompressed the path is the .br/.gz sibling: judge the file it stands for.
  if (NO_CACHE.has(basename(filePath).replace(/\.(br|gz)$/, ''))) return 'no-cache';
  if (/[\\/]assets[\\/]/.test(filePath)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** 'sha256-…' sources of the page's inline scripts (not src= ones), as the CSP spells them. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((match) => !/\bsrc\s*=/i.test(match[1]!))
    .map((match) => `'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
}

/**
 * The CSP's script-src sources for the built index.html's inline scripts. Asked with `recheck`
 * (a request that may be a page), they are read again if the file changed (a rebuild under a
 * running server). No build, no sources.
 */
export function inlineScriptSources(distDir: string): (recheck: boolean) => string {
  const file = join(distDir, 'index.html');
  let readAt: number | null = null;
  let sources = '';
  return (recheck) => {
    // API answers (most of them) keep the last sources: only a page runs the inline script.
    if (!recheck && readAt !== null) return sources;
    const changedAt = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;
    if (changedAt !== readAt) {
      readAt = changedAt;
      sources = changedAt < 0 ? '' : inlineScriptHashes(readFileSync(file, 'utf8')).join(' ');
    }
    return sources;
  };
}

export interface StaticAppOptions {
  distDir: string;
  /** The first home banner, for the page's <meta> (app-page.ts); null when there is none. */
  firstBanner?: () => Promise<BannerArt | null>;
  /** The catalogue's first prize image, named by the page of /premios (app-page.ts); null when none. */
  firstPrize?: () => Promise<string | null>;
}

export const staticAppPlugin = appPlugin<StaticAppOptions>('static-app', async (app: FastifyInstance, { distDir, firstBanner, firstPrize }) => {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      // '/' is a navigation like any other: the route below sends the page with its <meta>.
      index: false,
      // The build writes .br/.gz next to each text file (vite.config.ts precompress).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(filePath));
      },
    });
  }

  const pageFor = appPage(distDir);
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const art = firstBanner ? await firstBanner().catch(() => null) : null;
    const prize = firstPrize ? await paintedPrize(path, firstPrize).catch(() => null) : null;
    const page = pageFor({ art, preload: paintedArt(path, art), prize }, String(request.headers['accept-encoding'] ?? ''));
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return reply.send(page.body);
  };
  if (hasBuild) app.get(paths.root.path, sendPage);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith(API_BASE);
    // A missing hashed asset, video or artwork is a real 404: answering HTML would hide a
    // broken deploy and could be cached by the service worker as if it were the file.
    if (!hasBuild || !wantsPage || STATIC_PREFIXES.some((prefix) => path.startsWith(prefix))) throw new HttpError(404, 'Recurso no encontrado');
    return sendPage(request, reply);
  });
});
