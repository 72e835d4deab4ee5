// "Calendario y atributos" in a programme pack: the seven attributes (ids 1-7 with their slugs,
// which the app's URLs and built-in art use), their months and content. Checked with the same
// rules as the screen (#domain/programme-calendar: each attribute's settings, and enabled months
// never overlapping); loaded into a programme that has no attributes yet.
import * as z from 'zod/mini';
import { ATTRIBUTE_SLUGS } from '#contract/attributes-constants';
import { packCalendarSchema, type PackAttribute } from '#contract/programme-calendar';
import { normalizeSettings, overlappingMonth, settingsProblems } from '#domain/programme-calendar';
import { mediaKeyOfUrl } from '#server/media/store';
import type { PackProblem, PackSection } from '../pack-section.ts';
import { createCalendarRepository } from './repository.ts';

const NAME = 'calendario';
const IDS = Object.keys(ATTRIBUTE_SLUGS).map(Number) as (keyof typeof ATTRIBUTE_SLUGS)[];

export const calendarPackSection: PackSection<PackAttribute[]> = {
  name: NAME,
  parse(raw) {
    const parsed = z.safeParse(packCalendarSchema, raw);
    if (!parsed.success) {
      return { problems: parsed.error.issues.map((issue) => ({ item: [NAME, ...issue.path.map(String)].join(' › '), message: issue.message })) };
    }
    const problems: PackProblem[] = [];
    const data: PackAttribute[] = [];
    const seen = new Set<number>();
    for (const [index, entry] of parsed.data.entries()) {
      const item = `${NAME} › ${entry.nombre.trim() || `atributo ${index + 1}`}`;
      const slug = ATTRIBUTE_SLUGS[entry.id as keyof typeof ATTRIBUTE_SLUGS] as string | undefined;
      if (slug === undefined) problems.push({ item, message: `El id ${entry.id} no es un atributo del programa (1 a 7)` });
      else if (slug !== entry.slug) problems.push({ item, message: `El atributo ${entry.id} es «${slug}», no «${entry.slug}»` });
      if (seen.has(entry.id)) problems.push({ item, message: `El atributo ${entry.id} aparece dos veces` });
      seen.add(entry.id);
      const settings = normalizeSettings(entry);
      for (const problem of settingsProblems(settings)) problems.push({ item, message: problem.message });
      for (const [field, url] of [['logo', entry.logo_url], ['banner', entry.banner_url]] as const) {
        if (url !== null && mediaKeyOfUrl(url) === null) problems.push({ item, message: `La imagen de ${field} debe ser un archivo del paquete (/media/u/…) o ninguna` });
      }
      if (!Number.isInteger(entry.display_order) || entry.display_order < 0) problems.push({ item, message: 'El orden debe ser un número entero positivo' });
      data.push({ ...entry, ...settings });
    }
    const missing = IDS.filter((id) => !seen.has(id));
    if (missing.length > 0) problems.push({ item: NAME, message: `Faltan atributos: ${missing.map((id) => ATTRIBUTE_SLUGS[id]).join(', ')}` });
    for (const [index, entry] of data.entries()) {
      const overlap = overlappingMonth(entry, data.slice(0, index));
      if (overlap) problems.push({ item: `${NAME} › ${entry.nombre}`, message: `Su mes se solapa con el de ${overlap.nombre}: los meses activos no pueden coincidir` });
    }
    return problems.length > 0 ? { problems } : { data };
  },
  async read(db) {
    return (await createCalendarRepository(db).list()).sort((a, b) => a.id - b.id);
  },
  media(data) {
    return data.flatMap((entry) => [entry.logo_url, entry.banner_url]).filter((url): url is string => url !== null && mediaKeyOfUrl(url) !== null);
  },
  async write(trx, data) {
    const calendar = createCalendarRepository(trx);
    if ((await calendar.countWithContent()) > 0) return [{ item: NAME, message: 'El programa ya tiene atributos con fechas o contenido' }];
    await calendar.replace(data);
    return [];
  },
};
