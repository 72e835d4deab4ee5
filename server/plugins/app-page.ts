// The app's page (the built index.html) as the server sends it for a navigation: with what the
// static shell may paint before any JavaScript that no device could know on a first visit. Today
// that is the first home banner's art (the calendar's, the same for everyone): a <meta> the shell
// (src/app/shell/boot.ts) reads when it has no hint of its own. And the banner the shell will
// paint on this path (home's, or a dashboard's from its slug) comes in the page itself, its
// phone file as a data: URL (a few KB of SVG), so a phone's largest image waits for no request
// (preloaded from <head> if the build lacks it); the wide file is fetched when the shell paints. Compressed once per variant. The service
// worker's precached copy has neither; by then the device has its own hint and its art cached.
// The catalogue's prize images are media-store files, for members only (issue 36): the page,
// which anyone may fetch, never carries one. The page of /premios only names the first one's
// file, and preloads it: the request carries the member's media cookie, and the shell paints
// it in the first card's place for an agent who can see the catalogue (boot.ts). That card (the
// build's PRIZE_FRAME_FILE) goes in that page only, so every other page's first round trip stays
// within a slow network's first window (~14 KB).
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PRIZE_FRAME_FILE, PRIZE_FRAME_SLOT, SERVED_ART_FILE_META, SERVED_ART_META, SERVED_PRIZE_META } from '#contract/common';
import { isMediaPath } from '#contract/media-paths';
import { paths } from '#domain/paths';
import { attributeArt, attributeIdFromSlug } from '#domain/attributes';
import type { BannerArt } from '#domain/training';

export interface PageVariant {
  body: Buffer;
  encoding: 'br' | 'gzip' | null;
}

interface Built {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** What a page tells the shell: the first home banner, and the banner to fetch first (or none). */
export interface PageFacts {
  art: BannerArt | null;
  preload: BannerArt | null;
  /** The catalogue's first prize image, on /premios only (a media-store path, never the file). */
  prize?: string | null;
}

const routeOf = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';

/**
 * The banner the static shell paints first on `path`, if any: the home's (`banner`), on /home
 * and on / (a signed-in agent lands there), or a dashboard's, named by its slug (boot.ts).
 */
export function paintedArt(path: string, banner: BannerArt | null): BannerArt | null {
  const route = routeOf(path);
  if (route === '/' || route === '/home') return banner;
  const slug = /^\/dashboard\/([^/]+)$/.exec(route)?.[1];
  if (slug === undefined || attributeIdFromSlug(slug) === null) return null;
  const art = attributeArt(slug);
  return { wide: art.hero, compact: art.heroCompact };
}

/** The prize image the shell paints first on `path`: the catalogue's first, on /premios only. */
export async function paintedPrize(path: string, firstPrize: () => Promise<string | null>): Promise<string | null> {
  if (routeOf(path) !== paths.catalogue.path) return null;
  const image = await firstPrize();
  // A store file's path only: nothing else is named by the page.
  return image && isMediaPath(image) ? image : null;
}

/** The widths that show a banner's phone file (the shell's <picture>). */
const COMPACT_MEDIA = '(max-width: 47.99em)';

/** A <link rel=preload> of a banner file, for the widths that show it. */
const preloadLink = (href: string, media: string) => `<link rel="preload" as="image" href="${escapeAttribute(href)}" media="${media}" fetchpriority="high">`;

/** An SVG as a data: URL; percent-encoded, so it holds no quote, space or comma of its own. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/**
 * The painted banner's phone file in the page, when `readArt` has it (a phone on a slow network is
 * where its request would cost most), else its preload. The wide file (kiosks, desktops) is asked
 * for when the shell paints: carrying it too would take every such page past a slow network's
 * first window, and preloading it from <head> had phones' first paint share the network with it.
 */
function paintedLines(preload: BannerArt, readArt: (href: string) => string | null): string[] {
  const compact = readArt(preload.compact);
  return [
    compact === null
      ? preloadLink(preload.compact, COMPACT_MEDIA)
      : `<meta name="${SERVED_ART_FILE_META}" content="${escapeAttribute(preload.compact)}" data-src="${escapeAttribute(svgDataUrl(compact))}">`,
  ];
}

/** index.html with the facts as the first things in <head> (unchanged without any). */
export function pageWithArt(
  html: string,
  art: BannerArt | null,
  preload: BannerArt | null = null,
  readArt: (href: string) => string | null = () => null,
  prize: string | null = null,
  prizeFrame = '',
): string {
  const lines = [
    ...(art ? [`<meta name="${SERVED_ART_META}" content="${escapeAttribute(`${art.wide} ${art.compact}`)}">`] : []),
    ...(preload ? paintedLines(preload, readArt) : []),
    ...(prize
      ? [
          `<meta name="${SERVED_PRIZE_META}" content="${escapeAttribute(prize)}">`,
          `<link rel="preload" as="image" href="${escapeAttribute(prize)}" fetchpriority="high">`,
        ]
      : []),
  ];
  if (lines.length === 0) return html;
  const page = prize && prizeFrame ? html.replace(PRIZE_FRAME_SLOT, () => prizeFrame) : html;
  return page.replace(/<head>/i, (head) => `${head}\n    ${lines.join('\n    ')}`);
}

/**
 * The page for a request accepting `acceptEncoding`, with `facts` told. The file is read again
 * when a rebuild changes it; each (file, facts) variant is built and compressed once.
 */
export function appPage(distDir: string): (facts: PageFacts, acceptEncoding: string) => PageVariant {
  const file = join(distDir, 'index.html');
  // Only the app's own art folder, read when a variant is built (a rebuild clears them).
  const readArt = (href: string) => {
    if (!/^\/art\/[a-z0-9-]+\.svg$/.test(href)) return null;
    try {
      return readFileSync(join(distDir, href), 'utf8');
    } catch {
      return null;
    }
  };
  let readAt = -1;
  let html = '';
  let prizeFrame = '';
  const built = new Map<string, Built>();
  return ({ art, preload, prize = null }, acceptEncoding) => {
    const changedAt = statSync(file).mtimeMs;
    if (changedAt !== readAt) {
      readAt = changedAt;
      html = readFileSync(file, 'utf8');
      try {
        prizeFrame = readFileSync(join(distDir, PRIZE_FRAME_FILE), 'utf8');
      } catch {
        prizeFrame = '';
      }
      built.clear();
    }
    const key = [...[art, preload].map((a) => (a ? `${a.wide} ${a.compact}` : '')), prize ?? ''].join('|');
    let page = built.get(key);
    if (!page) {
      const raw = Buffer.from(pageWithArt(html, art, preload, readArt, prize, prizeFrame), 'utf8');
      page = { raw, br: brotliCompressSync(raw), gzip: gzipSync(raw) };
      // A home banner a month, a dashboard each and the catalogue's: the bound only guards against a calendar edited in a loop.
      if (built.size >= 32) built.clear();
      built.set(key, page);
    }
    if (/\bbr\b/.test(acceptEncoding)) return { body: page.br, encoding: 'br' };
    if (/\bgzip\b/.test(acceptEncoding)) return { body: page.gzip, encoding: 'gzip' };
    return { body: page.raw, encoding: null };
  };
}
