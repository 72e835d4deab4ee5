import { expect, type Locator, type Page } from '@playwright/test';

/** /navegacion-simulada: the four cascading dropdowns and the three buttons. */
export class SimulatedNavigationPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/navegacion-simulada');
    await expect(this.page.getByRole('heading', { name: 'Navegación Simulada' })).toBeVisible();
  }

  dropdown(label: 'Marca' | 'Plataforma' | 'Sede' | 'Agente'): Locator {
    return this.page.getByRole('combobox', { name: label });
  }

  /**
   * Picks an option (by name, or the first) once the dropdown is enabled. Returns its text. Brand,
   * platform and site are the browser's own selects; the agent's is Mantine's searchable Select.
   */
  async choose(label: 'Marca' | 'Plataforma' | 'Sede' | 'Agente', option?: string): Promise<string> {
    await expect(this.dropdown(label)).toBeEnabled();
    if (label !== 'Agente') {
      const text = option ?? (await this.dropdown(label).locator('option:not([disabled])').first().innerText()).trim();
      await this.dropdown(label).selectOption({ label: text });
      await expect(this.dropdown(label).locator('option:checked')).toHaveText(text);
      return text;
    }
    await this.dropdown(label).click();
    const list = this.page.getByRole('listbox', { name: label });
    const choice = option ? list.getByRole('option', { name: option, exact: true }) : list.getByRole('option').first();
    const text = (await choice.innerText()).trim();
    await choice.click();
    await expect(this.dropdown(label)).toHaveValue(text);
    return text;
  }

  async search() {
    await this.page.getByRole('button', { name: 'Buscar' }).click();
  }

  async reset() {
    await this.page.getByRole('button', { name: 'Resetear' }).click();
  }

  banner(): Locator {
    return this.page.getByRole('region', { name: 'Navegación simulada' });
  }
}
