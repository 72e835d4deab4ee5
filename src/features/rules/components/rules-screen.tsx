import { Stack, Text, Title } from '@mantine/core';
import type { SessionUser } from '#contract/session';
import { balanceUnit } from '#domain/navigation';
import { useCachedAppConfig } from '#data/shared-reads';
import { EarnPoints } from '#features/rules/components/earn-points.tsx';
import { QuizRules } from '#features/rules/components/quiz-rules.tsx';
import { RankingRules } from '#features/rules/components/ranking-rules.tsx';
import { RedeemRules } from '#features/rules/components/redeem-rules.tsx';
import { RulesCard } from '#features/rules/components/rules-card.tsx';
import { RouteTitleText } from '#components/route-title';

/** /reglas-impecables: points, how to earn them, quizzes, rankings and redeeming. */
export function RulesScreen({ user }: { user: SessionUser }) {
  // The month's prize amounts are data (Programa › Premios), carried by the app config.
  const { data: config } = useCachedAppConfig(user.id);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          <RouteTitleText />
        </Title>
        <Text c="dimmed" mt={4} maw={720}>
          Todo lo que necesitas saber para sumar IMPs, subir en los rankings y canjear tus premios.
        </Text>
      </div>
      <RulesCard id="imps" title="Los IMPs, tus puntos">
        <Text>
          Los IMPs son los puntos de +impecable. Cada mes del programa presenta un atributo de servicio y, al formarte en él, ganas IMPs que luego
          canjeas por premios. Tu saldo está siempre a la vista en la cabecera, junto a «Saldo» ({balanceUnit(user)}).
        </Text>
        <Text>
          Los puntos los calcula siempre el servidor. Sin conexión, un vídeo que terminas suma sus IMPs al momento en tu dispositivo y quedan
          confirmados en cuanto se sincroniza; las respuestas de un quizz se guardan con su tiempo y suman cuando se corrigen, al recuperar la
          conexión.
        </Text>
      </RulesCard>
      <EarnPoints />
      <QuizRules />
      <RankingRules prizes={config?.premios ?? null} />
      <RedeemRules user={user} />
    </Stack>
  );
}
