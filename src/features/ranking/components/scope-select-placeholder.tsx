import { Box, Skeleton, Text } from '@mantine/core';
import type { RankingOptions } from '#contract/ranking';

interface ScopeSelectPlaceholderProps {
  kind: 'sede' | 'marca';
  options: RankingOptions;
}

/** The room ScopeSelect takes (label and field) while it loads, so nothing moves when it comes. */
export function ScopeSelectPlaceholder({ kind, options }: ScopeSelectPlaceholderProps) {
  const count = kind === 'marca' ? options.marcas.length : options.sedes.length;
  if (count < 2) return null;
  return (
    <Box w={{ base: '100%', xs: 260 }} aria-hidden="true">
      <Text size="sm" fw={600} lh={1.55} display="inline-block">
        {kind === 'marca' ? 'Marca' : 'Sede'}
      </Text>
      <Skeleton h={36} radius="md" />
    </Box>
  );
}
