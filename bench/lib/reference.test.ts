import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReferencePage, REFERENCE_PATH } from './reference.ts';

const dist = mkdtempSync(join(tmpdir(), 'bench-reference-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the reference page', () => {
  it('builds into the build folder under its own base, compressed like the app, greeting the nick, and goes away', { timeout: 120_000 }, async () => {
    const nodeEnv = process.env.NODE_ENV;
    const page = await buildReferencePage(dist, 'Ana <b>');
    // Vite's build sets NODE_ENV=production when unset: the servers the bench starts after it would refuse the demo configuration.
    expect(process.env.NODE_ENV).toBe(nodeEnv);
    const html = readFileSync(join(dist, REFERENCE_PATH), 'utf8');
    const script = /<script type="module" crossorigin src="\/bench-reference\/assets\/([^"]+\.js)">/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\/bench-reference\/assets\/[^"]+\.css">/);
    const js = readFileSync(join(dist, 'bench-reference/assets', script!), 'utf8');
    expect(js).toMatch(/nick:[`"]Ana <b>[`"]/);
    // No data layer.
    expect(js).not.toMatch(/Dexie|serviceWorker|indexedDB/);
    const assets = readdirSync(join(dist, 'bench-reference/assets'));
    expect(assets).toEqual(expect.arrayContaining([`${script}.br`, `${script}.gz`]));
    // About the reference (96 KB gzip): the stack, not a toy and not an app; React's
    // development build (under vitest NODE_ENV is 'test') would be ~150 KB.
    expect(page.jsGzip).toBeGreaterThan(70 * 1024);
    expect(page.jsGzip).toBeLessThan(110 * 1024);
    page.remove();
    expect(existsSync(join(dist, 'bench-reference'))).toBe(false);
  });
});
