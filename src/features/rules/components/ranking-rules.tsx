import { List, Paper, SimpleGrid, Text } from '@mantine/core';
import { RulesCard } from '#features/rules/components/rules-card.tsx';

const RANKINGS = [
  {
    title: 'Ranking global',
    text: 'Suma todos los IMPs de actividad que ganas durante el programa: vídeos, Reface y quizzes. Quien lo lidere al final se lleva un premio final sorpresa.',
  },
  {
    title: 'Ranking mensual por sede',
    text: 'Cada atributo tiene su ranking en tu sede con los puntos ganados durante su mes. Hay premios para el 1.º, el 2.º y el 3.er puesto, y cuantos más agentes activos tenga la sede, más premiados hay: uno más en cada puesto por cada 30 agentes, hasta 5.',
  },
  {
    title: 'Ranking mensual por marca',
    text: 'Los agentes de tu marca compiten en el atributo del mes. El primero de la marca gana 100 IMPs.',
  },
];

/** The three rankings and how months close. */
export function RankingRules() {
  return (
    <RulesCard id="rankings" title="Los tres rankings">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {RANKINGS.map((ranking) => (
          <Paper key={ranking.title} p="md" radius="md" bg="brand.0" withBorder>
            <Text fw={750} c="brand.9">
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
