import { expect, type Locator, type Page } from '@playwright/test';
import { QUIZ_CONTENT } from '#server/seed/quiz-content';

/** The seeded question with the most text (question and options together): where a phone runs out of room. */
export function longestSeededQuestion(): { attributeId: number; quiz: 1 | 2; n: number; options: number } {
  const all = Object.entries(QUIZ_CONTENT).flatMap(([attributeId, quizzes]) =>
    ([1, 2] as const).flatMap((quiz) =>
      quizzes[quiz].map((q, i) => ({ attributeId: Number(attributeId), quiz, n: i + 1, options: q.options.length, size: q.text.length + q.options.join('').length })),
    ),
  );
  const longest = all.reduce((a, b) => (b.size > a.size ? b : a));
  return { attributeId: longest.attributeId, quiz: longest.quiz, n: longest.n, options: longest.options };
}

/** Top and bottom (CSS px from the top of the viewport) of one thing on screen. */
export interface Span {
  name: string;
  top: number;
  bottom: number;
}

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

  /** Where the question, its options and "Corregir y continuar" are, and how far the page is scrolled. */
  async questionLayout(text: string): Promise<{ scrollY: number; spans: Span[] }> {
    const span = async (name: string, locator: Locator): Promise<Span> => {
      const box = await locator.boundingBox();
      expect(box, `${name} is laid out`).not.toBeNull();
      return { name, top: box!.y, bottom: box!.y + box!.height };
    };
    const spans = [await span('question', this.question(text))];
    for (const [i, option] of (await this.page.getByRole('main').getByRole('radio').all()).entries()) spans.push(await span(`option ${i + 1}`, option));
    spans.push(await span('button', this.confirmButton()));
    return { scrollY: await this.page.evaluate(() => window.scrollY), spans };
  }

  /**
   * The same, the moment the correction of the confirmed answer reads `verdict`: measured inside
   * the page on that frame, because the correction stays only 2 s before the next question.
   */
  async correctionLayout(verdict: string): Promise<{ scrollY: number; spans: Span[] }> {
    const handle = await this.page.waitForFunction(
      (text) => {
        const status = [...document.querySelectorAll('[role="status"]')].find((el) => el.textContent?.includes(text));
        if (!status) return null;
        const span = (name: string, el: Element) => {
          const r = el.getBoundingClientRect();
          return { name, top: r.top, bottom: r.bottom };
        };
        const heading = document.querySelector('main section h2');
        const options = [...document.querySelectorAll('main [role="radio"]')];
        return {
          scrollY: window.scrollY,
          spans: [...(heading ? [span('question', heading)] : []), ...options.map((o, i) => span(`option ${i + 1}`, o)), span('correction', status)],
        };
      },
      verdict,
      { polling: 'raf' },
    );
    return (await handle.jsonValue()) as { scrollY: number; spans: Span[] };
  }

  /** Whole seconds the timer shows ("01:05" → 65); NaN while it shows "--:--" (time not read back yet). */
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
