import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRIZE_FRAME_SLOT } from '#contract/common-constants';
import { attributesIn, classesIn, pruneCss, renderFrame, withoutRulesOf, type RenderedFrame } from './frame.ts';

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

  it('drops the dark scheme, wherever its attribute is: the page is light', () => {
    const css = pruneCss(
      ":root[data-mantine-color-scheme=dark]{--d:1}:where([data-mantine-color-scheme='dark']) .a{color:red}:host([data-mantine-color-scheme=dark]){--e:1}:where([data-mantine-color-scheme='light']) .a{color:blue}",
      `${markup}<i style="--y: var(--d) var(--e)"></i>`,
      { page: { 'data-mantine-color-scheme': ['light'] } },
    );
    expect(css).toBe(':where([data-mantine-color-scheme=light]) .a{color:#00f}');
  });

  it('drops rules for attributes, values and states no element has: the frame is inert', () => {
    const css = pruneCss(
      '.a:where([data-o=v]){color:red}.a:where([data-o=h]){color:blue}.a[data-loading]{margin:1px}.a:hover{margin:2px}.a:not(:hover){margin:3px}.a:focus-visible{margin:4px}',
      '<div class="a" data-o="h"></div>',
    );
    expect(css).toBe('.a:where([data-o=h]){color:#00f}.a:not(:hover){margin:3px}');
  });

  it('drops animations no rule left runs', () => {
    const css = pruneCss('@keyframes used{to{opacity:1}}@keyframes unused{to{opacity:0}}.a{animation:1s used}', markup);
    expect(css).toBe('@keyframes used{to{opacity:1}}.a{animation:1s used}');
  });

  it('drops custom properties nothing reads, through chains of them, and keeps what the markup reads', () => {
    const css = pruneCss(
      ":root{--used:var(--chained);--chained:1px;--unused:var(--only-by-unused);--only-by-unused:2px;--read-inline:3px}.a{margin:var(--used)}.a:after{content:'';touch-action:manipulation}",
      markup,
    );
    expect(css).toBe(':root{--used:var(--chained);--chained:1px;--read-inline:3px}.a{margin:var(--used)}.a:after{content:"";touch-action:manipulation}');
  });

  it('reads class names from class attributes only, and attributes from tags only', () => {
    expect([...classesIn('<p class=" x  y">class="z"</p><b data-class="w"></b>')]).toEqual(['x', 'y']);
    const attributes = attributesIn('<p data-a="1" hidden>data-b="2"</p><i data-a="2"/>', { lang: ['es'] });
    expect(Object.fromEntries([...attributes].map(([name, values]) => [name, [...values]]))).toEqual({ lang: ['es'], 'data-a': ['1', '2'], hidden: [''] });
  });
});

describe('the frame built from frame.tsx', () => {
  let frame: RenderedFrame;
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
    // Mantine's default of a variable the theme declares again is left out.
    const declared = [...frame.css.matchAll(/(--[\w-]+):/g)].map((match) => match[1]);
    expect(declared.filter((name, index) => declared.indexOf(name) !== index)).toEqual([]);
  });

  it('stays small: its CSS under 8 KB gzip', () => {
    expect(gzipSync(frame.css, { level: 9 }).length).toBeLessThan(8 * 1024);
  });

  it('leaves /premios’ first card out, in a slot, with the CSS that card needs beyond the frame’s', () => {
    expect(frame.markup.split(PRIZE_FRAME_SLOT).length - 1).toBe(1);
    expect(frame.markup).not.toContain('id="as-prize"');
    expect(frame.prize.markup.split('id="as-prize"').length - 1).toBe(1);
    expect(frame.prize.markup).not.toContain('<style');
    // The card's own rules, and none the frame's CSS already has.
    expect(frame.prize.css).toMatch(/\._card_\w+\{/);
    expect(withoutRulesOf(frame.prize.css, frame.css)).toBe(frame.prize.css);
  });
});

describe('withoutRulesOf', () => {
  it('drops the top-level rules the other stylesheet has word for word, keeps blocks that differ', () => {
    expect(withoutRulesOf('.a{color:red}@layer x{.b{margin:0}}.c{top:0}', '.a{color:red}@layer x{.b{margin:0}}')).toBe('.c{top:0}');
    expect(withoutRulesOf('@layer x{.b{margin:1px}}', '@layer x{.b{margin:0}}')).toBe('@layer x{.b{margin:1px}}');
  });
});
