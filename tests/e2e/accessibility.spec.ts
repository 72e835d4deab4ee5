import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import { importFreshAgent } from './api';
import { expect, signIn, test, type Who } from './fixtures';
import { newContentModalDue } from './pages/app-shell';

// axe-core (a third-party engine) with its default rules on every screen each demo profile may
// use, on a phone (360×740) and a kiosk (1366×900): no serious or critical violation. One
// browser context per profile, signed in once; each route is analysed once its content
// (its h1, no spinner or skeleton left) is on screen, never after a fixed sleep.
//
// The engine is the project's own pinned axe-core, injected: @axe-core/playwright 4.13 bundles
// axe-core 4.13, where label-content-name-mismatch (WCAG 2.5.3) is experimental and off, and
// its 4.14 requires Node 22. Default rules, no tag filter: a tag set would hide rules again.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** An analysis of `page` by the pinned engine. */
function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page, axeSource: AXE_SOURCE });
}

const WIDTHS = [
  { name: '360', width: 360, height: 740 },
  { name: '1366', width: 1366, height: 900 },
] as const;

/** Anything still loading: the screen is not settled until none is visible. */
const BUSY = '[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root';

interface Visit {
  path: string;
  /** The route's h1, when the spec fixes its words; any h1 otherwise. */
  heading?: string;
}

// The screens every signed-in brand-2 profile shares (spec section 2).
const TRAINING: Visit[] = [
  { path: '/home' },
  { path: '/atributos' },
  { path: '/dashboard/accesible', heading: 'Accesible' },
  { path: '/cuestionario/accesible/quizz/1' },
  { path: '/ranking/accesible' },
  { path: '/reglas-impecables' },
  { path: '/album-imagenes', heading: 'Álbum de fotos' },
];

const NO_ACCESS = 'No tienes acceso a esta sección';

const PROFILES: { who: string; user: Who; visits: Visit[] }[] = [
  {
    who: 'ana (agente marca 2)',
    user: 'ana',
    visits: [
      ...TRAINING,
      // Dead ends: an attribute not open yet, an unknown slug, staff-only screens.
      { path: '/dashboard/confiable' },
      { path: '/ranking/confiable' },
      { path: '/cuestionario/confiable/quizz/1' },
      { path: '/dashboard/no-existe', heading: 'No existe ese atributo' },
      { path: '/premios', heading: 'Catálogo de premios' },
      { path: '/mis-ordenes' },
      { path: '/mis-ingresos' },
      { path: '/navegacion-simulada', heading: NO_ACCESS },
      { path: '/listado-usuarios' },
    ],
  },
  {
    who: 'bruno (agente marca 1)',
    user: 'bruno',
    visits: [{ path: '/home' }, { path: '/premios', heading: 'Acceso restringido' }],
  },
  {
    who: 'interno (INTERNO)',
    user: 'interno',
    visits: [
      { path: '/navegacion-simulada', heading: 'Navegación Simulada' },
      ...TRAINING,
      { path: '/mis-ingresos' },
      { path: '/descargar/ranking' },
      { path: '/importar-usuarios' },
      { path: '/listado-usuarios' },
      { path: '/seguimiento' },
    ],
  },
  {
    // The training screens are INTERNO's (same brand, same banner): only those its profile changes.
    who: 'plataforma (PLATAFORMA)',
    user: 'plataforma',
    visits: [
      { path: '/navegacion-simulada', heading: 'Navegación Simulada' },
      { path: '/home' },
      { path: '/ranking/accesible' },
      { path: '/descargar/ranking' },
      { path: '/importar-usuarios' },
    ],
  },
  { who: 'latam (LATAM)', user: 'latam', visits: [{ path: '/listado-usuarios', heading: 'Resumen de pedidos' }] },
  {
    who: 'admin',
    user: 'admin',
    visits: [
      { path: '/navegacion-simulada', heading: 'Navegación Simulada' },
      ...TRAINING,
      { path: '/premios' },
      { path: '/mis-ordenes' },
      { path: '/mis-ingresos' },
      { path: '/listado-usuarios', heading: 'Resumen de pedidos' },
      { path: '/descargar/ranking' },
      { path: '/importar-usuarios' },
      { path: '/seguimiento' },
      // The pack upload area, the other dropzone.
      { path: '/programa/paquete' },
    ],
  },
];

/** One readable line per failing node: where, rule, impact, element, what to fix. */
async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const results = await axe(page).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((node) => {
        const summary = (node.failureSummary ?? '').split('\n').slice(1).map((s) => s.trim()).join(' / ');
        return `${where} · ${v.id} [${v.impact}] ${node.target.join(' ')} · ${v.help}${summary ? ` · ${summary}` : ''}`;
      }),
    );
}

/** Runs axe and records its findings as a soft failure, so one run lists every screen's faults. */
async function analyse(page: Page, where: string) {
  const found = await seriousViolations(page, where);
  expect.soft(found, `axe: serious or critical violations on ${where}:\n${found.join('\n')}\n`).toEqual([]);
}

/**
 * Waits for the screen's own content, then for every loading indicator to go. A missing h1
 * is a fault of its own (soft, so the other screens are still analysed).
 */
/**
 * A dialog must not add landmarks of its own: Mantine's modal header was a <header>, a second
 * banner beside the app's (a best-practice rule of moderate impact, so checked by name).
 */
async function expectNoDuplicateBanner(page: Page, where: string) {
  const results = await axe(page).withRules(['landmark-no-duplicate-banner']).analyze();
  const found = results.violations.flatMap((v) => v.nodes.map((n) => `${where} · ${v.id} ${n.target.join(' ')}`));
  expect.soft(found, `a second banner landmark on ${where}`).toEqual([]);
}

async function settle(page: Page, ready: Locator, where: string) {
  await expect.soft(ready, `${where}: the screen's heading or content`).toBeVisible();
  await expect(page.locator(BUSY).filter({ visible: true })).toHaveCount(0);
}

/**
 * Analyses the open screen at each width in turn (the viewport is resized, as a tablet turned
 * or a kiosk window would be), then runs `extra` for the states worth their own analysis.
 */
async function eachWidth(page: Page, path: string, ready: Locator, extra: (where: string, width: string) => Promise<void>) {
  for (const size of WIDTHS) {
    const where = `${path} @${size.name}`;
    await test.step(where, async () => {
      await page.setViewportSize(size);
      await settle(page, ready, where);
      await extra(where, size.name);
      await analyse(page, where);
    });
  }
  await page.setViewportSize(WIDTHS[0]);
}

function routeHeading(page: Page, visit: Visit): Locator {
  const main = page.getByRole('main');
  return visit.heading
    ? main.getByRole('heading', { level: 1, name: visit.heading, exact: true })
    : main.getByRole('heading', { level: 1 }).first();
}

/** A page of its own, signed in: one browser context per profile. */
async function signedInPage(browser: Browser, who: Who): Promise<Page> {
  // Reduced motion: analyse each screen at rest, not halfway through a fade-in.
  const context = await browser.newContext({ viewport: WIDTHS[0], reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signIn(page, who);
  return page;
}

/** The month's "¡Nuevo contenido de …!" modal over /home: analysed as it is, then closed. */
async function newContentModal(page: Page, where: string) {
  const modal = await newContentModalDue(page);
  if (!modal) return;
  await analyse(page, `${where} (aviso de nuevo contenido)`);
  await expectNoDuplicateBanner(page, `${where} (aviso de nuevo contenido)`);
  await modal.getByRole('button', { name: 'Más tarde' }).click();
  await expect(modal).toBeHidden();
}

/** The header's dropdown menu, open. */
async function openMenu(page: Page, where: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Menú' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem').first()).toBeVisible();
  await analyse(page, `${where} (menú abierto)`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
}

// The findings are the report; a trace of every step would only slow the analysis down.
test.use({ trace: 'off' });

test.describe('accessibility (axe-core, default rules)', () => {
  // About a minute a profile on an idle machine; the margin is for a CI box under load.
  test.describe.configure({ timeout: 300_000 });

  test('signed out: /login', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/login');
    // The pinned engine is the one that runs, not the older one bundled with @axe-core/playwright.
    const require = createRequire(import.meta.url);
    const pinned = (require('axe-core/package.json') as { version: string }).version;
    expect((await axe(page).withRules(['document-title']).analyze()).testEngine.version).toBe(pinned);
    await eachWidth(page, '/login', page.getByRole('heading', { level: 1, name: 'Identifícate' }), async () => undefined);
  });

  test('an agent without a Nick Name: the nickname modal', async ({ browser, request }) => {
    // A new agent imported without a nickname, as nuevo@ is until someone saves one: other
    // suites save nuevo's, so this one is its own user.
    const { email } = await importFreshAgent(request, 'sinnick', { nickname: false });

    const page = await signedInPage(browser, { email });
    const modal = page.getByRole('dialog', { name: 'No tienes un Nick Name !!' });
    await page.goto('/home');
    await eachWidth(page, '/home (modal Nick Name)', modal, (where) => expectNoDuplicateBanner(page, where));
    await page.context().close();
  });

  for (const profile of PROFILES) {
    test(`${profile.who}: every screen at 360 and 1366 px`, async ({ browser }) => {
      const page = await signedInPage(browser, profile.user);
      for (const [index, visit] of profile.visits.entries()) {
        await page.goto(visit.path);
        await eachWidth(page, visit.path, routeHeading(page, visit), async (where, width) => {
          if (width !== '360') return;
          if (visit.path === '/home') await newContentModal(page, where);
          if (index === 0) await openMenu(page, where);
        });
      }
      await page.context().close();
    });
  }

  test('the album carousel speaks Spanish to screen readers', async ({ browser }) => {
    const page = await signedInPage(browser, 'ana');
    await page.goto('/album-imagenes');
    const carousel = page.getByRole('region', { name: 'Álbum de fotos por atributo' });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carrusel');
    // Mantine's own live region says "Slide 1 of 3": hidden, and a Spanish one speaks instead.
    const status = page.getByRole('status').filter({ hasText: /^Diapositiva/ });
    await expect(status).toHaveText(/^Diapositiva 1 de \d+$/);
    await expect(page.getByRole('status').filter({ hasText: /Slide/ })).toHaveCount(0);
    await carousel.getByRole('button', { name: 'Atributo siguiente' }).click();
    await expect(status).toHaveText(/^Diapositiva 2 de \d+$/);
    await page.context().close();
  });
});
