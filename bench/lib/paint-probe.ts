// The in-page probe of the offline visit (bench/offline.ts): when "Hola, {nick}" and the route's
// cached content are first painted. Runs as an init script before the page's own scripts and
// only reads the DOM: it must never change what it times (its cost is a regex per mutation batch).

export interface PaintMarks {
  hola?: number;
  /** The route's cached content, as the app painted it (the first paint's frame has none). */
  content?: number;
}

/**
 * Real cached content of /home, not the first paint's skeleton: a training progress bar, drawn
 * from the calendar and progress snapshots in Dexie (features/home attribute-progress-row.tsx).
 */
export const CONTENT_SELECTOR = '[role="progressbar"][aria-label^="Progreso de "]';
const SHELL_SELECTOR = '#app-shell';

// Records, per mark, the start of the first frame in which it is in the DOM and visible (a
// rAF callback runs just before that frame paints). Cheap on purpose: a regex over
// textContent gates the walk, so the probe does not slow down the render it times.
export const PAINT_PROBE = `
  (() => {
    const marks = (window.__marks = {});
    const visible = (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const outsideShell = (el) => !el.closest(${JSON.stringify(SHELL_SELECTOR)});
    const hola = () => {
      if (!document.body || !/Hola, \\S/.test(document.body.textContent)) return false;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (node.data.includes('Hola,') && el && /Hola, \\S/.test(el.textContent) && visible(el)) return true;
      }
      return false;
    };
    const found = (where) => [...document.querySelectorAll(${JSON.stringify(CONTENT_SELECTOR)})].some((el) => where(el) && visible(el));
    const content = () => found(outsideShell);
    const probes = { hola, content };
    const pending = {};
    const check = () => {
      for (const [name, found] of Object.entries(probes)) {
        if (marks[name] !== undefined || pending[name] || !found()) continue;
        pending[name] = true;
        requestAnimationFrame(() => (marks[name] = performance.now()));
      }
      if (Object.keys(pending).length === Object.keys(probes).length) observer.disconnect();
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class', 'style', 'hidden'] });
    document.addEventListener('DOMContentLoaded', check);
  })();
`;
