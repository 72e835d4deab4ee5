import { expect, type Locator, type Page } from '@playwright/test';

/** /listado-usuarios ("Resumen de pedidos"): search, Descargar, table (or phone cards) and pager. */
export class OrderSummaryPage {
  constructor(private readonly page: Page) {}

  heading(): Locator {
    return this.page.getByRole('heading', { name: 'Resumen de pedidos' });
  }

  search(): Locator {
    return this.page.getByPlaceholder('Buscar nombre, nick o producto...');
  }

  /** Body rows of the table (tablets and desktops). */
  rows(): Locator {
    return this.page.getByRole('table').locator('tbody tr');
  }

  /** The table's scroll box, reachable by keyboard. */
  tableRegion(): Locator {
    return this.page.getByRole('region', { name: 'Tabla de pedidos' });
  }

  /** One card per order (phones). */
  cards(): Locator {
    return this.page.getByRole('list', { name: 'Pedidos' }).getByRole('listitem');
  }

  /** The empty state that is shown: the table's empty row, or the phones' card. */
  noResults(): Locator {
    return this.page.getByText('No hay resultados.').filter({ visible: true });
  }

  pageLabel(): Locator {
    return this.page.getByText(/^Página \d+ de \d+$/);
  }

  previous(): Locator {
    return this.page.getByRole('button', { name: 'Anterior' });
  }

  next(): Locator {
    return this.page.getByRole('button', { name: 'Siguiente' });
  }

  /** Column `index` (0-based) of every shown row. */
  async column(index: number): Promise<string[]> {
    return this.rows().locator(`td:nth-child(${index + 1})`).allInnerTexts();
  }

  async expectPage(current: number, total: number) {
    await expect(this.pageLabel()).toHaveText(`Página ${current} de ${total}`);
  }
}
