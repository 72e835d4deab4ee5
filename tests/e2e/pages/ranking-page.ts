import { expect, type Locator, type Page } from '@playwright/test';

/** /ranking/:atributo: the view switches, the attribute menu, the table and its pager. */
export class RankingPage {
  constructor(private readonly page: Page) {}

  async open(slug: string, vista?: 'global' | 'sede' | 'marca') {
    await this.page.goto(`/ranking/${slug}${vista ? `?vista=${vista}` : ''}`);
    await expect(this.page.getByRole('heading', { level: 1, name: /^Ranking/ })).toBeVisible();
  }

  /** A segment of the Global/Atributo or Sede/Marca switch (Mantine renders radios). */
  async switchTo(label: 'Global' | 'Atributo' | 'Sede' | 'Marca') {
    await this.page.getByText(label, { exact: true }).click();
  }

  tableTitle() {
    return this.page.locator('#ranking-tabla');
  }

  attributeMenu() {
    return this.page.getByRole('navigation', { name: 'Atributos del ranking' });
  }

  /** The body rows of the ranking table. */
  rows(): Locator {
    return this.page.getByRole('table', { name: 'Clasificación' }).locator('tbody tr');
  }

  async positions(): Promise<number[]> {
    return (await this.rows().locator('td:first-child').allInnerTexts()).map((t) => Number(t.replace(/\D/g, '')));
  }

  async nicks(): Promise<string[]> {
    return (await this.rows().locator('td:nth-child(2)').allInnerTexts()).map((t) => t.split('\n')[0]?.trim() ?? '');
  }

  pager() {
    return this.page.getByText(/^Página \d+ de \d+$/);
  }

  previous() {
    return this.page.getByRole('button', { name: 'Anterior' });
  }

  next() {
    return this.page.getByRole('button', { name: 'Siguiente' });
  }

  search() {
    return this.page.getByRole('textbox', { name: 'Buscar por nick name' });
  }

  /** An agent's own figures ("Tu posición", "Tus puntos", "Al primero"). */
  myStanding() {
    return this.page.getByRole('region', { name: 'Tus datos en este ranking' });
  }

  neighbours() {
    return this.page.getByRole('heading', { name: 'Tu zona del ranking' });
  }

  /** Staff's choice of site or brand (a Mantine Select, named by its label). */
  scopeSelect(label: 'Sede' | 'Marca') {
    return this.page.getByRole('combobox', { name: label, exact: true });
  }

  async chooseScope(label: 'Sede' | 'Marca', option: string) {
    await this.scopeSelect(label).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** The attribute strip's scrolling area (a strip with fading ends on phones). */
  menuStrip() {
    return this.attributeMenu().locator('[data-more-before], [data-more-after]');
  }
}
