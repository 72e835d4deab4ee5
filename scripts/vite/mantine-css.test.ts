import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { mantineCss } from './mantine-css.ts';

const require = createRequire(import.meta.url);
const BUTTON_MODULE = '/app/node_modules/@mantine/core/esm/components/Button/Button.module.mjs';

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const call = (hook: unknown, ...args: unknown[]) => (typeof hook === 'function' ? hook : (hook as { handler: Hook }).handler).call({}, ...args);

function plugin(command: 'build' | 'serve'): Plugin {
  const p = mantineCss();
  call(p.configResolved, { command });
  return p;
}

describe('mantine-css', () => {
  it('makes each Mantine class module import its own layered stylesheet', () => {
    const out = call(plugin('build').transform, 'export default {};', BUTTON_MODULE) as { code: string };
    expect(out.code.split('\n')[0]).toBe(`import ${JSON.stringify(require.resolve('@mantine/core/styles/Button.layer.css'))};`);
    const carousel = call(plugin('build').transform, '', '/x/node_modules/@mantine/carousel/esm/Carousel.module.mjs') as { code: string };
    expect(carousel.code).toContain('@mantine/carousel/styles.layer.css');
    expect(call(plugin('build').transform, '', '/x/src/app/layouts/header.module.css')).toBeNull();
  });

  it('finds a stylesheet for every class module Mantine ships (a rename fails the build, not the look)', () => {
    const p = plugin('build');
    const modules = ['core', 'notifications', 'carousel'].flatMap((pkg) => {
      const esm = join(dirname(require.resolve(`@mantine/${pkg}/styles.css`)), 'esm');
      return readdirSync(esm, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.module.mjs'))
        .map((file) => join(esm, file));
    });
    expect(modules.length).toBeGreaterThan(100);
    for (const id of modules) expect(call(p.transform, '', id), id).not.toBeNull();
  });

  it('puts every file in its own sub-layer, ordered as styles.css by the first style of the page', () => {
    const p = plugin('build');
    const [tag] = call(p.transformIndexHtml, '<html></html>') as { tag: string; children: string; injectTo: string }[];
    expect([tag!.tag, tag!.injectTo]).toEqual(['style', 'head-prepend']);
    const order = /^@layer ([^;]+);$/.exec(tag!.children)![1]!.split(',');
    expect(order.slice(0, 5)).toEqual(['mantine.baseline', 'mantine.default-css-variables', 'mantine.global', 'mantine.ScrollArea', 'mantine.UnstyledButton']);
    // A base component comes before the ones built on it, as in styles.css.
    expect(order.indexOf('mantine.UnstyledButton')).toBeLessThan(order.indexOf('mantine.Button'));
    expect(order.indexOf('mantine.Input')).toBeLessThan(order.indexOf('mantine.Combobox'));
    expect(order.slice(-2)).toEqual(['mantine.notifications', 'mantine.carousel']);

    const baseline = call(p.load, require.resolve('@mantine/core/styles/baseline.layer.css')) as string;
    expect(baseline.startsWith('@layer mantine.baseline {')).toBe(true);
    const button = call(p.load, require.resolve('@mantine/core/styles/Button.layer.css')) as string;
    expect(button.startsWith('@layer mantine.Button {')).toBe(true);
    expect(button.length).toBe(readFileSync(require.resolve('@mantine/core/styles/Button.layer.css'), 'utf8').length + '.Button'.length);
  });

  it('in dev (Mantine pre-bundled, out of reach) the base file brings all the styles', () => {
    const p = plugin('serve');
    expect(call(p.transform, '', BUTTON_MODULE)).toBeNull();
    const baseline = call(p.load, require.resolve('@mantine/core/styles/baseline.layer.css')) as string;
    expect(baseline).toContain("@import '@mantine/core/styles.layer.css';");
    expect(call(p.load, require.resolve('@mantine/core/styles/Button.layer.css'))).toBeNull();
    expect(call(p.transformIndexHtml, '<html></html>')).toEqual([]);
  });
});
