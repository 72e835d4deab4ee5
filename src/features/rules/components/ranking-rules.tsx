import { List, Paper, SimpleGrid, Text } from '@mantine/core';
import { formatNumber } from '#domain/format';
import { RulesCard } from '#features/rules/components/rules-card.tsx';

/** The current month's prizes (Programa › Premios, through the app config); null when none is configured. */
export type RulesPrizes = { tier1: number; tier2: number; tier3: number; brand: number } | null;

function rankings(prizes: RulesPrizes) {
  const siteAmounts = prizes
    ? ` Este mes, ${formatNumber(prizes.tier1)}, ${formatNumber(prizes.tier2)} y ${formatNumber(prizes.tier3)} IMPs respectivamente.`
    : '';
  return [
    {
      title: 'Ranking global',
      text: 'Suma todos los IMPs de actividad que ganas durante el programa: vídeos, Reface y quizzes. Quien lo lidere al final se lleva un premio final sorpresa.',
    },
    {
      title: 'Ranking mensual por sede',
      text: `Cada atributo tiene su ranking en tu sede con los puntos ganados durante su mes. Hay premios para el 1.º, el 2.º y el 3.er puesto, y cuantos más agentes activos tenga la sede, más premiados hay: uno más en cada puesto por cada 30 agentes, hasta 5.${siteAmounts}`,
    },
    {
      title: 'Ranking mensual por marca',
      text: prizes
        ? `Los agentes de tu marca compiten en el atributo del mes. El primero de la marca gana ${formatNumber(prizes.brand)} IMPs.`
        : 'Los agentes de tu marca compiten en el atributo del mes. El primero de la marca gana un premio en IMPs.',
    },
  ];
}

/** The three rankings and how months close. */
export function RankingRules({ prizes }: { prizes: RulesPrizes }) {
  return (
    <RulesCard id="rankings" title="Los tres rankings">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {rankings(prizes).map((ranking) => (
          <Paper key={ranking.title} p="md" radius="md" bg="brand.0" withBorder>
            <Text fw={700} c="brand.9">
              {ranking.title}
            </Text>
            <Text size="sm" mt={6}>
              {ranking.text}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <List spacing="xs">
        <List.Item>Si empatas a puntos, queda por delante quien terminó antes toda la formación del atributo: sus vídeos y sus dos quizzes.</List.Item>
        <List.Item>
          El ranking mensual se cierra cuando acaba el mes del atributo. Los quizzes que tengas pendientes siguen abiertos y sus puntos cuentan para el
          ranking global.
        </List.Item>
        <List.Item>
          Si hiciste actividad sin conexión dentro del mes, cuenta para el ranking mensual siempre que se sincronice en las 72 horas siguientes al
          cierre.
        </List.Item>
        <List.Item>
          Los ganadores se calculan al cerrar el mes y los premios se abonan en tu saldo durante la segunda semana del mes siguiente.
        </List.Item>
        <List.Item>Los supervisores no participan en los rankings.</List.Item>
      </List>
    </RulesCard>
  );
}
