// Which narrowing Seguimiento offers: admin brand → platform → site, INTERNO platform → site,
// PLATAFORMA site, each list only what the server's ambito answer holds and what the choice
// above it leaves. A choice the answer does not hold (an old link) is dropped, never sent.
import type { CoachingFilter, CoachingOptions } from '#contract/coaching';
import { COACHING_SCOPE_TEXTS } from '#contract/coaching-constants';
import type { ImpersonationScope } from '#domain/impersonation';

export type ScopeLevel = 'marca' | 'plataforma' | 'sede';

const LEVELS: Record<ImpersonationScope['kind'], readonly ScopeLevel[]> = {
  all: ['marca', 'plataforma', 'sede'],
  brands: ['plataforma', 'sede'],
  platforms: ['sede'],
  none: [],
};

export interface ScopeChoice {
  level: ScopeLevel;
  label: string;
  /** The "whole scope" entry's text. */
  all: string;
  items: { id: number; nombre: string }[];
}

const TEXTS: Record<ScopeLevel, { label: string; all: string }> = COACHING_SCOPE_TEXTS;

function platformsOf(options: CoachingOptions, marca: number | undefined) {
  return marca ? options.plataformas.filter((p) => p.marca_ids.includes(marca)) : options.plataformas;
}

function sitesOf(options: CoachingOptions, marca: number | undefined, plataforma: number | undefined) {
  if (plataforma) return options.sedes.filter((s) => s.plataforma_id === plataforma);
  if (!marca) return options.sedes;
  const platforms = new Set(platformsOf(options, marca).map((p) => p.id));
  return options.sedes.filter((s) => platforms.has(s.plataforma_id));
}

/** The filter with every choice the options (and the choice above it) do not hold removed. */
export function validFilter(options: CoachingOptions, reach: ImpersonationScope['kind'], filter: CoachingFilter): CoachingFilter {
  const levels = LEVELS[reach];
  const marca = levels.includes('marca') && options.marcas.some((m) => m.id === filter.marca) ? filter.marca : undefined;
  const plataforma = levels.includes('plataforma') && platformsOf(options, marca).some((p) => p.id === filter.plataforma) ? filter.plataforma : undefined;
  const sede = levels.includes('sede') && sitesOf(options, marca, plataforma).some((s) => s.id === filter.sede) ? filter.sede : undefined;
  return { marca, plataforma, sede };
}

/** The selectors to show, in order, each with what it may choose given the choices above it. */
export function scopeChoices(options: CoachingOptions, reach: ImpersonationScope['kind'], filter: CoachingFilter): ScopeChoice[] {
  const items: Record<ScopeLevel, { id: number; nombre: string }[]> = {
    marca: options.marcas,
    plataforma: platformsOf(options, filter.marca),
    sede: sitesOf(options, filter.marca, filter.plataforma),
  };
  return LEVELS[reach].map((level) => ({ level, ...TEXTS[level], items: items[level] }));
}

/** A new choice at one level clears the levels under it (their lists change with it). */
export function choose(filter: CoachingFilter, level: ScopeLevel, id: number | undefined): CoachingFilter {
  if (level === 'marca') return { marca: id };
  if (level === 'plataforma') return { marca: filter.marca, plataforma: id };
  return { ...filter, sede: id };
}
