// The app's page (the built index.html) as the server sends it for a navigation: with what the
// static shell may paint before any JavaScript that no device could know on a first visit. Today
// that is the first home banner's art (the calendar's, the same for everyone): a <meta> the shell
// (src/app/shell/boot.ts) reads when it has no hint of its own. Compressed once per variant.
// The service worker's precached copy has no <meta>; by then the device has its own hint.
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SERVED_ART_META } from '#contract/common';

/** The first home banner's two files (#domain/training firstBannerArt). */
export type ShellArt = { wide: string; compact: string };

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

/** index.html with the art's <meta> as the first thing in <head> (unchanged without art). */
export function pageWithArt(html: string, art: ShellArt | null): string {
  if (!art) return html;
  const meta = `<meta name="${SERVED_ART_META}" content="${escapeAttribute(`${art.wide} ${art.compact}`)}">`;
  return html.replace(/<head>/i, (head) => `${head}\n    ${meta}`);
}

/**
 * The page for a request accepting `acceptEncoding`, with `art` told. The file is read again
 * when a rebuild changes it; each (file, art) pair is built and compressed once.
 */
export function appPage(distDir: string): (art: ShellArt | null, acceptEncoding: string) => PageVariant {
  const file = join(distDir, 'index.html');
  let readAt = -1;
  let html = '';
  const built = new Map<string, Built>();
  return (art, acceptEncoding) => {
    const changedAt = statSync(file).mtimeMs;
    if (changedAt !== readAt) {
      readAt = changedAt;
      html = readFileSync(file, 'utf8');
      built.clear();
    }
    const key = art ? `${art.wide} ${art.compact}` : '';
    let page = built.get(key);
    if (!page) {
      const raw = Buffer.from(pageWithArt(html, art), 'utf8');
      page = { raw, br: brotliCompressSync(raw), gzip: gzipSync(raw) };
      // A handful of banners a year: the bound only guards against a calendar edited in a loop.
      if (built.size >= 16) built.clear();
      built.set(key, page);
    }
    if (/\bbr\b/.test(acceptEncoding)) return { body: page.br, encoding: 'br' };
    if (/\bgzip\b/.test(acceptEncoding)) return { body: page.gzip, encoding: 'gzip' };
    return { body: page.raw, encoding: null };
  };
}
