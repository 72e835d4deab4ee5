// Build-time corrections to dependencies that ship more than the app uses, or do more work at
// start-up than they need. Touches only the files named here, and fails the build if they
// change shape, rather than guess.
// - react-router 7 exports only its development build (dev warnings and checks, ~30 % larger);
//   the production build sits beside it in dist/production, so a build resolves to it.
// - Mantine's ScrollArea imports `useMergeRefs` from @floating-ui/react (12 KB gzip) only to
//   merge three refs; @mantine/hooks' useMergedRef does the same, so every route with a Table
//   or ScrollArea no longer carries floating-ui.
// - Mantine's FloatingIndicator (every SegmentedControl: the ranking's view switch, the prize
//   cards' values) measures its target in the effect that mounts it, which forces a layout of the
//   whole freshly committed page inside React's commit task (15 ms of a 40 ms task on
//   /ranking). The ResizeObserver it starts in that same effect measures it anyway, right after
//   the browser's own layout and before the first paint; so it only measures at once when the
//   target moves from one option to another (the slide the user sees).
// - Mantine's Table carries Table.ScrollContainer, which imports ScrollArea (5 KB gzip) for its
//   default `type="scrollarea"`. The app scrolls wide tables natively (a focusable box: the
//   ranking, Seguimiento), so the container is always the native one and ScrollArea stays with
//   the screens that use it themselves.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const SCROLL_AREA = /\/@mantine\/core\/esm\/components\/ScrollArea\/ScrollArea\.mjs$/;
const FLOATING_IMPORT = 'import { useMergeRefs } from "@floating-ui/react";';
const ROUTER_BUILDS: Record<string, string> = { 'react-router': 'index.mjs', 'react-router/dom': 'dom-export.mjs' };
const FLOATING_INDICATOR = /\/@mantine\/core\/esm\/components\/FloatingIndicator\/use-floating-indicator\.mjs$/;
const PLACE_AT_ONCE = '\t\tpreviousTarget.current = target;\n\t\tupdatePosition();\n';
const TABLE_SCROLL_CONTAINER = /\/@mantine\/core\/esm\/components\/Table\/TableScrollContainer\.mjs$/;
const SCROLL_CONTAINER_PARTS = [
  ['import { ScrollArea } from "../ScrollArea/ScrollArea.mjs";\n', ''],
  ['const defaultProps = { type: "scrollarea" };', 'const defaultProps = { type: "native" };'],
  ['component: type === "scrollarea" ? ScrollArea : "div",', 'component: "div",'],
] as const;
const SCROLL_AREA_PROPS = /\t\t\.\.\.type === "scrollarea" \? maxHeight \? \{[\s\S]*?\} : \{\},\n/;

/** TableScrollContainer.mjs without ScrollArea: always the native scrolling box (see above). */
export function nativeTableScroll(code: string, id = 'TableScrollContainer.mjs'): string {
  let out = code;
  for (const [from, to] of SCROLL_CONTAINER_PARTS) {
    if (out.split(from).length !== 2) throw new Error(`slim-dependencies: ${id} no longer has ${JSON.stringify(from)}`);
    out = out.replace(from, to);
  }
  if (!SCROLL_AREA_PROPS.test(out)) throw new Error(`slim-dependencies: ${id} no longer passes ScrollArea's props as expected`);
  return out.replace(SCROLL_AREA_PROPS, '');
}

/** use-floating-indicator.mjs measuring at once only when its target moves (see above). */
export function placeIndicatorAfterLayout(code: string, id = 'use-floating-indicator.mjs'): string {
  if (code.split(PLACE_AT_ONCE).length !== 2) throw new Error(`slim-dependencies: ${id} no longer places the indicator as expected`);
  const moved = '\t\tconst moved = previousTarget.current != null && previousTarget.current !== target;\n\t\tpreviousTarget.current = target;\n\t\tif (moved) updatePosition();\n';
  return code.replace(PLACE_AT_ONCE, moved);
}

export function slimDependencies(): Plugin {
  let build = false;
  let routerDir = '';
  return {
    name: 'impecable:slim-dependencies',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
      const require = createRequire(import.meta.url);
      routerDir = join(dirname(require.resolve('react-router/package.json')), 'dist/production');
      if (!existsSync(join(routerDir, 'index.mjs'))) throw new Error(`slim-dependencies: no production build in ${routerDir}`);
    },
    resolveId(source) {
      const file = ROUTER_BUILDS[source];
      return build && file ? join(routerDir, file) : null;
    },
    transform(code, id) {
      if (FLOATING_INDICATOR.test(id.split('?')[0]!)) return { code: placeIndicatorAfterLayout(code, id), map: null };
      if (TABLE_SCROLL_CONTAINER.test(id.split('?')[0]!)) return { code: nativeTableScroll(code, id), map: null };
      if (!SCROLL_AREA.test(id.split('?')[0]!)) return null;
      if (!code.includes(FLOATING_IMPORT)) throw new Error(`slim-dependencies: ${id} no longer imports useMergeRefs as expected`);
      // floating-ui takes an array of refs; Mantine's hook takes them as arguments.
      const merged = 'import { useMergedRef } from "@mantine/hooks";\nconst useMergeRefs = (refs) => useMergedRef(...refs);';
      return { code: code.replace(FLOATING_IMPORT, merged), map: null };
    },
  };
}
