import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** What a downloaded workbook holds: each sheet's rows, the header first. */
export type Workbook = Record<string, unknown[][]>;

/** A figure as the screen writes it (es-ES: "12.345", "31,4"), as a number; "—" is null. */
export function screenNumber(text: string): number | null {
  const clean = text.trim();
  if (clean === '—') return null;
  return Number(clean.replace(/\./g, '').replace(',', '.'));
}

/** /seguimiento: the scope bar, the overview cards, the by-site table, the nudges and the questions. */
export class CoachingPage {
  constructor(private readonly page: Page) {}

  async open(query = '') {
    await this.page.goto(`/seguimiento${query}`);
    await expect(this.heading()).toBeVisible();
  }

  heading(): Locator {
    return this.page.getByRole('heading', { name: 'Seguimiento', level: 1 });
  }

  /** A native select of the scope bar or the nudges ("Atributo", "Marca", "Plataforma", "Sede", "Parado si no avanza en"). */
  select(label: string): Locator {
    return this.page.getByRole('combobox', { name: label, exact: true });
  }

  async choose(label: string, option: string) {
    await this.select(label).selectOption({ label: option });
  }

  /** A select's options, in order (expect(...).toHaveText([...]) waits until they are there). */
  options(label: string): Locator {
    return this.select(label).locator('option');
  }

  /** One overview card's figure ("Agentes", "Iniciaron", "Media de quiz"...), as shown. */
  figure(label: string): Locator {
    return this.page
      .getByRole('list', { name: 'Cifras del atributo' })
      .getByRole('listitem')
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .locator('p')
      .nth(1);
  }

  /** The line under a card's figure comparing it with the previous attribute. */
  comparison(label: string): Locator {
    return this.page.getByRole('list', { name: 'Cifras del atributo' }).getByRole('listitem').filter({ has: this.page.getByText(label, { exact: true }) }).getByText(/vs\.|que /);
  }

  siteTable(): Locator {
    return this.page.getByRole('table', { name: /^Cifras por (sede|plataforma)$/ });
  }

  /** The by-site table's body, one array of cell texts per row (name first), once it has rows. */
  async siteRows(): Promise<string[][]> {
    const rows = this.siteTable().locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    const out: string[][] = [];
    for (let i = 0; i < count; i++) out.push((await rows.nth(i).locator('th, td').allInnerTexts()).map((t) => t.trim()));
    return out;
  }

  async sortBy(column: string) {
    await this.siteTable().getByRole('columnheader', { name: new RegExp(`^${column}`) }).getByRole('button').click();
  }

  nudgeCards(): Locator {
    return this.page.getByRole('list', { name: 'Agentes que necesitan un empujón' }).getByRole('listitem');
  }

  nudgeTotal(): Locator {
    return this.page.getByText(/^\d[\d.]* agentes? necesitan? un empujón$/);
  }

  /** Clicks a table's "Descargar .xlsx" (by its accessible name) and returns the saved file. */
  async download(name: RegExp): Promise<Download> {
    const [file] = await Promise.all([this.page.waitForEvent('download'), this.downloadButton(name).click()]);
    return file;
  }

  downloadButton(name: RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  async readWorkbook(file: Download): Promise<Workbook> {
    const book = XLSX.read(readFileSync(await file.path()), { type: 'buffer' });
    return Object.fromEntries(book.SheetNames.map((name) => [name, XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name] ?? {}, { header: 1 })]));
  }
}
