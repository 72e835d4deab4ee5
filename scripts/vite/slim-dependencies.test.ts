import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nativeTableScroll, placeIndicatorAfterLayout } from './slim-dependencies.ts';

const require = createRequire(import.meta.url);
const MANTINE = dirname(require.resolve('@mantine/core/styles.css'));
const INDICATOR = join(MANTINE, 'esm/components/FloatingIndicator/use-floating-indicator.mjs');
const SCROLL_CONTAINER = join(MANTINE, 'esm/components/Table/TableScrollContainer.mjs');

describe('slim-dependencies: the floating indicator', () => {
  const installed = readFileSync(INDICATOR, 'utf8');
  const patched = placeIndicatorAfterLayout(installed);
  const effect = (code: string) => code.slice(code.indexOf('useEffect(() => {'), code.indexOf('}, [parent, target]);'));

  it('no longer measures at mount, which forced a layout inside the commit: the ResizeObserver it starts places it', () => {
    expect(effect(installed)).toMatch(/previousTarget\.current = target;\n\t\tupdatePosition\(\);/);
    expect(effect(patched)).not.toMatch(/^\t\tupdatePosition\(\);$/m);
    expect(effect(patched)).toContain('new ResizeObserver(updatePositionWithoutAnimation)');
  });

  it('still measures at once when the target moves from one option to another (the slide)', () => {
    expect(effect(patched)).toContain('const moved = previousTarget.current != null && previousTarget.current !== target;');
    expect(effect(patched)).toContain('if (moved) updatePosition();');
    // Read before it is overwritten: the previous option, not the new one.
    expect(effect(patched).indexOf('const moved')).toBeLessThan(effect(patched).indexOf('previousTarget.current = target;'));
  });

  it('fails the build when Mantine changes the file, rather than guess', () => {
    expect(() => placeIndicatorAfterLayout(installed.replace('previousTarget.current = target;', 'previousTarget.current = target ?? null;'))).toThrow(/no longer places the indicator/);
  });
});

describe('slim-dependencies: Table.ScrollContainer', () => {
  const installed = readFileSync(SCROLL_CONTAINER, 'utf8');
  const patched = nativeTableScroll(installed);

  it('no longer imports ScrollArea: the container is always the native scrolling box', () => {
    expect(installed).toContain('import { ScrollArea }');
    expect(patched).not.toMatch(/ScrollArea/);
    expect(patched).toContain('const defaultProps = { type: "native" };');
    expect(patched).toContain('component: "div",');
    // The native box still gets its overflow and minimum width from the same CSS variables.
    expect(patched).toContain('"--table-overflow": type === "native" ? "auto" : void 0');
  });

  it('fails the build when Mantine changes the file, rather than guess', () => {
    expect(() => nativeTableScroll(installed.replace('component: type === "scrollarea" ? ScrollArea : "div",', 'component: ScrollArea,'))).toThrow(/no longer has/);
  });
});
