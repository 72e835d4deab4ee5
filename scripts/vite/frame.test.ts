import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { classesIn, pruneCss, renderFrame } from './frame.ts';

describe('pruneCss: only the CSS the frame’s markup can use', () => {
  const markup = '<div class="a b" style="--x: var(--read-inline)"><span class="c"></span></div>';

  it('keeps rules whose selector names classes the markup has, and drops the others', () => {
    const css = pruneCss('.a{color:red}.a .c{color:blue}.missing{color:green}.a .missing{color:#000}.a,.missing{margin:0}body{padding:0}', markup);
    expect(css).toContain('.a{color:red}');
    expect(css).toContain('.a .c{color:#00f}');
    expect(css).toContain('body{padding:0}');
    // A list with one usable selector stays whole.
    expect(css).toContain('.a,.missing{margin:0}');
    expect(css).not.toContain('green');
    expect(css).not.toContain('#000');
  });

  it('drops the dark scheme, wherever its attribute is', () => {
    const css = pruneCss(
      ":root[data-mantine-color-scheme=dark]{--d:1}:where([data-mantine-color-scheme='dark']) .a{color:red}:host([data-mantine-color-scheme=dark]){--e:1}:where([data-mantine-color-scheme='light']) .a{color:blue}",
      `${markup}<i style="--y: var(--d) var(--e)"></i>`,
    );
    expect(css).toBe(':where([data-mantine-color-scheme=light]) .a{color:#00f}');
  });

  it('drops custom properties nothing reads, through chains of them, and keeps what the markup reads', () => {
    const css = pruneCss(
      ":root{--used:var(--chained);--chained:1px;--unused:var(--only-by-unused);--only-by-unused:2px;--read-inline:3px}.a{margin:var(--used)}.a:after{content:'';touch-action:manipulation}",
      markup,
    );
    expect(css).toBe(':root{--used:var(--chained);--chained:1px;--read-inline:3px}.a{margin:var(--used)}.a:after{content:"";touch-action:manipulation}');
  });

  it('reads class names from class attributes only', () => {
    expect([...classesIn('<p class=" x  y">class="z"</p><b data-class="w"></b>')]).toEqual(['x', 'y']);
  });
});

describe('the frame built from frame.tsx', () => {
  let frame: { markup: string; css: string };
  beforeAll(async () => {
    frame = await renderFrame();
  });

  it('has every slot the inline script fills (boot.ts), once', () => {
    for (const id of ['as-greeting', 'as-amount', 'as-unit', 'as-title', 'as-status', 'as-banner-nick', 'as-art', 'as-art-compact', 'as-hero', 'as-hero-compact']) {
      expect(frame.markup.split(`id="${id}"`).length - 1, id).toBe(1);
    }
  });

  it('is hidden from assistive technology and inert, and its header is one row until boot.ts knows an agent', () => {
    expect(frame.markup).toMatch(/^<div id="app-shell" aria-hidden="true" inert="">/);
    expect(frame.markup).toMatch(/<header class="[^"]+"><div class="[^"]+" data-compact="true">/);
  });

  it('keeps Mantine’s theme out of the markup: its variables are in the CSS, cut to what is read', () => {
    expect(frame.markup).not.toContain('<style');
    expect(frame.css).toContain('--mantine-color-brand-6:#0b5cab');
    expect(frame.css).not.toContain('--mantine-color-grape-');
    expect(frame.css).not.toMatch(/data-mantine-color-scheme=dark/);
  });

  it('stays small: its CSS under 8 KB gzip', () => {
    expect(gzipSync(frame.css, { level: 9 }).length).toBeLessThan(8 * 1024);
  });
});
