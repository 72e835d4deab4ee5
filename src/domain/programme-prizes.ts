// Premios (issue 35): the site tiers and the brand prize, in IMPs, as rows that apply from a month
// ('YYYY-MM') on. A month's prizes are those of the row with the greatest applies_from not after
// it; with no such row the month pays nothing. Amounts are fixed when a month's winners are frozen
// (month-end stores each winner's amount), so no change may alter what applies to a frozen month:
// past payouts never change. Pure: the route, the pack section, month-end and the screen use it.

/** Largest amount of one prize, in IMPs. */
export const PRIZE_MAX = 1_000_000;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export interface PrizeAmountsInput {
  tier1: number;
  tier2: number;
  tier3: number;
  brand: number;
}

export interface PrizeTierRow extends PrizeAmountsInput {
  /** The first month ('YYYY-MM') the row applies to. */
  applies_from: string;
}

/** 'YYYY-MM' with a real month. */
export function isMonthKey(value: string): boolean {
  const match = MONTH.exec(value);
  return match !== null && Number(match[1]) >= 2000 && Number(match[1]) <= 2999;
}

/** The month ('YYYY-MM') of a calendar day ('YYYY-MM-DD'), or null without one. */
export function monthOfDay(day: string | null): string | null {
  if (day === null) return null;
  const month = day.slice(0, 7);
  return isMonthKey(month) ? month : null;
}

const MONTH_NAMES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** "noviembre de 2026" for '2026-11'; the key itself when it is not a month. */
export function monthLabel(month: string): string {
  if (!isMonthKey(month)) return month;
  const [year, index] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[index - 1] ?? ''} de ${year}`;
}

const LABELS: Record<keyof PrizeAmountsInput, string> = {
  tier1: 'El 1.er premio de sede',
  tier2: 'El 2.º premio de sede',
  tier3: 'El 3.er premio de sede',
  brand: 'El premio de marca',
};

/** "Noviembre de 2026": the label at the start of a line or a heading. */
export function monthTitle(month: string): string {
  const label = monthLabel(month);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** What is wrong with a row's amounts, in Spanish; empty when it is valid. */
export function prizeAmountsProblems(input: PrizeAmountsInput): string[] {
  const problems: string[] = [];
  for (const key of ['tier1', 'tier2', 'tier3', 'brand'] as const) {
    const value = input[key];
    if (!Number.isInteger(value) || value < 0 || value > PRIZE_MAX) {
      problems.push(`${LABELS[key]} debe ser un número entero de IMPs entre 0 y ${PRIZE_MAX.toLocaleString('es-ES')}`);
    }
  }
  if (problems.length > 0) return problems;
  if (input.tier1 < input.tier2) problems.push('El 1.er premio de sede no puede ser menor que el 2.º');
  if (input.tier2 < input.tier3) problems.push('El 2.º premio de sede no puede ser menor que el 3.º');
  return problems;
}

/** The row that applies to `month`: the greatest applies_from not after it; null when none does. */
export function tiersForMonth<T extends PrizeTierRow>(rows: readonly T[], month: string): T | null {
  let best: T | null = null;
  for (const row of rows) {
    if (row.applies_from <= month && (best === null || row.applies_from > best.applies_from)) best = row;
  }
  return best;
}

const sameRow = (a: PrizeTierRow | null, b: PrizeTierRow | null) =>
  a === b || (a !== null && b !== null && a.applies_from === b.applies_from && a.tier1 === b.tier1 && a.tier2 === b.tier2 && a.tier3 === b.tier3 && a.brand === b.brand);

/**
 * The frozen months (winners and their amounts already stored) whose applicable row would differ
 * after the change: a change is refused when this is not empty.
 */
export function frozenMonthsAltered(before: readonly PrizeTierRow[], after: readonly PrizeTierRow[], frozenMonths: readonly string[]): string[] {
  return [...new Set(frozenMonths)].sort().filter((month) => !sameRow(tiersForMonth(before, month), tiersForMonth(after, month)));
}

/** The rows after putting `row` (replacing the one of the same month) or deleting `month`. */
export function rowsAfterPut(rows: readonly PrizeTierRow[], row: PrizeTierRow): PrizeTierRow[] {
  return [...rows.filter((r) => r.applies_from !== row.applies_from), row];
}

export function rowsAfterDelete(rows: readonly PrizeTierRow[], month: string): PrizeTierRow[] {
  return rows.filter((r) => r.applies_from !== month);
}

/** The Spanish refusal for a change that would alter frozen months. */
export function frozenMonthsMessage(months: readonly string[]): string {
  const list = months.map(monthLabel).join(', ');
  return `Estos premios ya se aplicaron a ${list}, cuyos ganadores están cerrados: los pagos pasados no cambian. Crea una fila para un mes posterior.`;
}

/** The Premios screen's note for a calendar month with no prizes. */
export function noPrizesMessage(month: string): string {
  return `Sin premios configurados para ${monthLabel(month)}`;
}
