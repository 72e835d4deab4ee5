// Premios in a programme pack: every prize tier row, by the month it applies from. Checked with
// the same rules as the screen (#domain/programme-prizes); loaded into a programme that has none.
import * as z from 'zod/mini';
import { isMonthKey, prizeAmountsProblems, type PrizeTierRow } from '#domain/programme-prizes';
import type { PackProblem, PackSection } from '../pack-section.ts';
import { tierRows } from './repository.ts';

const rowSchema = z.object({ applies_from: z.string(), tier1: z.number(), tier2: z.number(), tier3: z.number(), brand: z.number() });
const sectionSchema = z.array(rowSchema).check(z.maxLength(1000));

export const prizesPackSection: PackSection<PrizeTierRow[]> = {
  name: 'premios',
  parse(raw) {
    const parsed = z.safeParse(sectionSchema, raw);
    if (!parsed.success) {
      return { problems: parsed.error.issues.map((issue) => ({ item: ['premios', ...issue.path.map(String)].join(' › '), message: issue.message })) };
    }
    const problems: PackProblem[] = [];
    const seen = new Set<string>();
    for (const [index, row] of parsed.data.entries()) {
      const item = `premios › ${isMonthKey(row.applies_from) ? row.applies_from : `fila ${index + 1}`}`;
      if (!isMonthKey(row.applies_from)) problems.push({ item, message: 'El mes debe escribirse como AAAA-MM' });
      if (seen.has(row.applies_from)) problems.push({ item, message: 'Hay dos filas para el mismo mes' });
      seen.add(row.applies_from);
      for (const message of prizeAmountsProblems(row)) problems.push({ item, message });
    }
    return problems.length > 0 ? { problems } : { data: parsed.data };
  },
  read: (db) => tierRows(db),
  media: () => [],
  async write(trx, data) {
    const existing = await trx.selectFrom('prize_tiers').select('applies_from').limit(1).execute();
    if (existing.length > 0) return [{ item: 'premios', message: 'El programa ya tiene premios configurados' }];
    if (data.length > 0) await trx.insertInto('prize_tiers').values(data.map((r) => ({ ...r }))).execute();
    return [];
  },
};
