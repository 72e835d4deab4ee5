import { expect, type Locator, type Page } from '@playwright/test';

/** A month's heading: "Noviembre de 2026". */
const MONTH_TITLE = /^\p{L}+ de \d{4}$/u;

/** /mis-ingresos ("Historial de IMPs"): the movements by month, each with its totals, and "Ver meses anteriores". */
export class IncomePage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/mis-ingresos');
    await expect(this.page.getByRole('heading', { name: 'Historial de IMPs' })).toBeVisible();
    await expect(this.months().first()).toBeVisible();
  }

  /** One section per month shown, newest first, named by its heading ("Noviembre de 2026"); not "Caducan pronto" above them. */
  months(): Locator {
    return this.page.locator('section').filter({ has: this.page.getByRole('heading', { level: 2, name: MONTH_TITLE }) });
  }

  async monthTitles(): Promise<string[]> {
    return this.months().getByRole('heading', { level: 2, name: MONTH_TITLE }).allInnerTexts();
  }

  /** A month's total ("Sumados", "Restados", "Neto") as a signed number of IMPs. */
  async total(month: Locator, label: 'Sumados' | 'Restados' | 'Neto'): Promise<number> {
    return imps(await month.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').innerText());
  }

  /** The month's movements as shown on their cards: signed IMPs and the date line. */
  async movements(month: Locator): Promise<{ imps: number; when: string }[]> {
    const cards = month.getByRole('listitem');
    const amounts = await cards.locator('p').filter({ hasText: /IMPs$/ }).allInnerTexts();
    const dates = await cards.locator('p').filter({ hasText: /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$|^Sin fecha$/ }).allInnerTexts();
    expect(dates).toHaveLength(amounts.length);
    return amounts.map((text, i) => ({ imps: imps(text), when: dates[i] ?? '' }));
  }

  loadOlder(): Locator {
    return this.page.getByRole('button', { name: 'Ver meses anteriores' });
  }
}

/** "+1.250 IMPs", "−100 IMPs", "-5 IMPs", "0 IMPs" → 1250, -100, -5, 0. */
function imps(text: string): number {
  const match = /([+\-\u2212]?)([\d.]+)/.exec(text.replace(/\u00a0/g, ' '));
  expect(match, `an amount in "${text}"`).not.toBeNull();
  const value = Number((match?.[2] ?? '').replace(/\./g, ''));
  return match?.[1] === '-' || match?.[1] === '\u2212' ? -value : value;
}
