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
}
