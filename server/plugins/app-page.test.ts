import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIZE_FRAME_FILE, PRIZE_FRAME_SLOT, SERVED_ART_FILE_META, SERVED_ART_META, SERVED_PRIZE_META } from '#contract/common';
import { firstBannerArt } from '#domain/training';
import { invalidationsDelivered } from '#server/modules/auth/session-channel';
import { listProducts } from '#server/modules/rewards/repository';
import { createTestApp, type TestContext } from '#test-support/server/test-app';
import { pageWithArt } from './app-page.ts';

// A first visit has no shell hint: the page the server sends names the first home banner, so
// the static shell paints it before any JavaScript. The files follow the calendar as it changes.
let ctx: TestContext;
let dist: string;
/** The build's first card of /premios (scripts/vite/app-shell.ts writes it). */
const PRIZE_CARD = '<style>.card{}</style><article class="card"><img id="as-prize"></article>';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'impecable-page-'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><html lang="es"><head><title>+impecable</title></head><body><div id="app-shell">${PRIZE_FRAME_SLOT}</div></body></html>`);
  writeFileSync(join(dist, PRIZE_FRAME_FILE), PRIZE_CARD);
  // The build's art, but for one attribute's dashboard banner (a build that lacks a file).
  cpSync('public/art', join(dist, 'art'), { recursive: true, filter: (source) => !/hero-devalor/.test(source) });
  ctx = await createTestApp({ distDir: dist });
});

afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (url: string, encoding = 'gzip, deflate, br') => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-cache');
  const encoded = res.headers['content-encoding'];
  return encoded === 'br' ? brotliDecompressSync(res.rawPayload).toString() : encoded === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
};

const servedArt = (html: string) => {
  const found = new RegExp(`<meta name="${SERVED_ART_META}" content="([^"]*)">`).exec(html);
  return found ? found[1] : null;
};

const calendarArt = async () => {
  const art = firstBannerArt(await ctx.db.selectFrom('attributes').selectAll().execute());
  return art && `${art.wide} ${art.compact}`;
};

describe('the page a navigation gets', () => {
  it('names the calendar\'s first home banner, on any route and on /, in every encoding', async () => {
    const expected = await calendarArt();
    expect(expected).toMatch(/^\/art\/banner-[a-z]+\.svg \/art\/banner-[a-z]+-compact\.svg$/);
    for (const url of ['/home', '/', '/ranking/accesible']) expect(servedArt(await page(url)), url).toBe(expected);
    expect(servedArt(await page('/home', 'gzip'))).toBe(expected);
    expect(servedArt(await page('/home', 'identity'))).toBe(expected);
  });

  it('carries in the page the banner the shell will paint there, its phone file as a data: URL: home\'s, a dashboard\'s by its slug; nothing elsewhere', async () => {
    const carried = (html: string) =>
      [...html.matchAll(new RegExp(`<meta name="${SERVED_ART_FILE_META}" content="([^"]+)" data-src="([^"]+)">`, 'g'))].map((m) => {
        const url = m[2]!;
        expect(url.startsWith('data:image/svg+xml,')).toBe(true);
        // The very file the build has, and nothing in the attribute a browser would end early on.
        expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(readFileSync(join('public', m[1]!), 'utf8'));
        expect(url).not.toMatch(/[\s"<>&]/);
        return m[1];
      });
    const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" media="([^"]+)" fetchpriority="high">/g)].map((m) => [m[1], m[2]]);
    const home = (await calendarArt())?.split(' ') ?? [];
    for (const url of ['/home', '/', '/Home/']) {
      const html = await page(url);
      expect(carried(html), url).toEqual([home[1]]);
      expect(preloads(html), url).toEqual([]);
    }
    const dashboard = await page('/dashboard/accesible');
    expect(carried(dashboard)).toEqual(['/art/hero-accesible-compact.svg']);
    expect(preloads(dashboard)).toEqual([]);
    // A phone file the build lacks is preloaded from <head> instead, for the widths that show it.
    const lacking = await page('/dashboard/devalor');
    expect(carried(lacking)).toEqual([]);
    expect(preloads(lacking)).toEqual([['/art/hero-devalor-compact.svg', '(max-width: 47.99em)']]);
    for (const url of ['/dashboard/nada', '/premios', '/ranking/accesible', '/login']) {
      const html = await page(url);
      expect([carried(html), preloads(html)], url).toEqual([[], []]);
    }
  });

  it('follows the calendar: another month first, then no banner at all', async () => {
    const before = await calendarArt();
    const first = await ctx.db.selectFrom('attributes').select(['id', 'slug']).where('enabled', '=', true).orderBy('month_start', 'desc').executeTakeFirstOrThrow();
    await ctx.db.updateTable('attributes').set({ enabled: false }).where('id', '=', first.id).execute();
    await invalidationsDelivered(ctx.db);
    const after = servedArt(await page('/home'));
    expect(after).toBe(await calendarArt());
    expect(after).not.toBe(before);

    await ctx.db.updateTable('attributes').set({ enabled: false }).execute();
    await invalidationsDelivered(ctx.db);
    expect(servedArt(await page('/home'))).toBeNull();
  });

  it('names on /premios, and preloads, the catalogue\'s first prize image, never the file itself (members-only media, issue 36); nothing elsewhere', async () => {
    const [first] = await listProducts(ctx.db);
    expect(first?.imagen).toMatch(/^\/media\/u\/[0-9a-f]{64}\.svg$/);
    for (const url of ['/premios', '/Premios/']) {
      const html = await page(url);
      expect(html, url).toContain(`<meta name="${SERVED_PRIZE_META}" content="${first!.imagen}">`);
      expect(html, url).toContain(`<link rel="preload" as="image" href="${first!.imagen}" fetchpriority="high">`);
      expect(html, url).not.toMatch(/data:image|<svg/);
    }
    // Its first card too, in the frame's slot: that page only.
    expect(await page('/premios')).toContain(`<div id="app-shell">${PRIZE_CARD}</div>`);
    for (const url of ['/home', '/premios/x', '/mis-ingresos']) {
      const html = await page(url);
      expect(html, url).not.toContain('/media/u/');
      expect(html, url).toContain(`<div id="app-shell">${PRIZE_FRAME_SLOT}</div>`);
    }
    // The page names it; the media store still answers members only.
    const anonymous = await ctx.app.inject({ method: 'GET', url: first!.imagen });
    expect(anonymous.statusCode).toBe(401);
  });

  it('names no prize when the catalogue is empty', async () => {
    await ctx.db.updateTable('products').set({ disponible: 0 }).execute();
    try {
      await expect.poll(async () => (await page('/premios')).includes(SERVED_PRIZE_META), { timeout: 10_000 }).toBe(false);
    } finally {
      await ctx.db.updateTable('products').set({ disponible: 1 }).execute();
    }
  });

  it('escapes what it writes into the attribute, and leaves a page without <head> as it is', () => {
    expect(pageWithArt('<head></head>', { wide: '/art/a".svg', compact: '/art/<b>.svg' })).toContain('content="/art/a&quot;.svg /art/&lt;b>.svg"');
    expect(pageWithArt('<p>sin cabecera</p>', { wide: '/art/a.svg', compact: '/art/b.svg' })).toBe('<p>sin cabecera</p>');
  });
});
