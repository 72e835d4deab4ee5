import { expect, type Locator, type Page } from '@playwright/test';
import { QUIZ_CONTENT } from '#server/seed/quiz-content';

/** /cuestionario/:atributo/quizz/:quizz: intro, question screen with its timer, correction and results. */
export class QuizPage {
  constructor(
    private readonly page: Page,
    private readonly attributeId: number,
    private readonly quiz: 1 | 2,
  ) {}

  startButton(): Locator {
    return this.page.getByRole('button', { name: 'Empezar Cuestionario' });
  }

  confirmButton(): Locator {
    return this.page.getByRole('button', { name: 'Corregir y continuar' });
  }

  /** "Pregunta n de 10" of the question on screen. */
  progress(n: number): Locator {
    return this.page.getByText(`Pregunta ${n} de 10`, { exact: true });
  }

  question(text: string): Locator {
    return this.page.getByRole('heading', { name: text, exact: true });
  }

  option(text: string): Locator {
    return this.page.getByRole('radio', { name: text });
  }

  timer(): Locator {
    return this.page.getByRole('timer');
  }

  status(): Locator {
    return this.page.getByRole('status').filter({ hasText: /Respuesta|Corrigiendo/ });
  }

  results(): Locator {
    return this.page.getByRole('heading', { name: /^Has conseguido \d+ IMPs$/ });
  }

  /** Whole seconds the timer shows ("01:05" → 65). */
  async timerSeconds(): Promise<number> {
    const [mm, ss] = (await this.timer().innerText()).trim().split(':').map(Number);
    return (mm ?? 0) * 60 + (ss ?? 0);
  }

  /** The n-th question (1-10) of this quiz as the seeded content has it, with its correct and a wrong option. */
  content(n: number) {
    const question = QUIZ_CONTENT[this.attributeId]?.[this.quiz][n - 1];
    if (!question) throw new Error(`no question ${n}`);
    const right = question.options[question.correct] ?? '';
    const wrong = question.options.find((_, i) => i !== question.correct) ?? '';
    return { text: question.text, right, wrong };
  }

  /** Chooses an option of question n (the right one unless `wrong`) and confirms it. */
  async answer(n: number, { wrong = false } = {}) {
    const { text, right, wrong: other } = this.content(n);
    await expect(this.progress(n)).toBeVisible();
    await expect(this.question(text)).toBeVisible();
    await expect(this.confirmButton()).toBeDisabled();
    await this.option(wrong ? other : right).click();
    await this.confirmButton().click();
    return { text, right, chosen: wrong ? other : right };
  }
}
