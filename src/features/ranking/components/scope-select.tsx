import { Select, type ComboboxData } from '@mantine/core';
import type { RankingOptions } from '#contract/ranking';

interface ScopeSelectProps {
  /** Which choice: the site of the site view or the brand of the brand view. */
  kind: 'sede' | 'marca';
  options: RankingOptions;
  value: number | null;
  onChange: (id: number) => void;
}

/** Sites grouped by platform when they span several (admin, INTERNO); a flat list otherwise. */
function siteData(sedes: RankingOptions['sedes']): ComboboxData {
  const platforms = [...new Set(sedes.map((s) => s.plataforma))];
  const item = (s: RankingOptions['sedes'][number]) => ({ value: String(s.id), label: s.nombre });
  if (platforms.length < 2) return sedes.map(item);
  return platforms.map((group) => ({ group, items: sedes.filter((s) => s.plataforma === group).map(item) }));
}

/**
 * Staff's choice of what to look at, within the scope the server lists (it refuses anything
 * else). Nothing to choose with a single option: the table's title names it.
 */
export function ScopeSelect({ kind, options, value, onChange }: ScopeSelectProps) {
  const count = kind === 'marca' ? options.marcas.length : options.sedes.length;
  if (count < 2) return null;
  const data = kind === 'marca' ? options.marcas.map((b) => ({ value: String(b.id), label: b.nombre })) : siteData(options.sedes);
  return (
    <Select
      label={kind === 'marca' ? 'Marca' : 'Sede'}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => next && onChange(Number(next))}
      allowDeselect={false}
      searchable={count > 8}
      nothingFoundMessage="Sin resultados"
      w={{ base: '100%', xs: 260 }}
      styles={{ label: { fontWeight: 600 } }}
    />
  );
}
