import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { REFACE_POINTS, VIDEO_POINTS } from '#domain/points';
import { MAX_QUIZ_POINTS } from '#domain/scoring';

interface Step {
  icon: ReactNode;
  title: string;
  text: string;
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const STEPS: Step[] = [
  {
    icon: <svg width="22" height="22" viewBox="0 0 24 24" {...stroke}><rect x="3" y="5" width="18" height="14" rx="3" /><path d="m10 9 5 3-5 3z" /></svg>,
    title: `Mira los vídeos: +${VIDEO_POINTS} IMPs`,
    text: 'Cada vídeo del atributo que veas hasta el final suma a tu saldo.',
  },
  {
    icon: <svg width="22" height="22" viewBox="0 0 24 24" {...stroke}><circle cx="12" cy="9" r="4" /><path d="M5 20c1.5-3.5 4-5 7-5s5.5 1.5 7 5" /><path d="M19 3v4M17 5h4" /></svg>,
    title: `Haz tu Reface: +${REFACE_POINTS} IMPs`,
    text: 'Crea con IA tu imagen del atributo con una foto tuya.',
  },
  {
    icon: <svg width="22" height="22" viewBox="0 0 24 24" {...stroke}><circle cx="12" cy="13" r="8" /><path d="M12 9v4l2.5 2.5M9 2h6" /></svg>,
    title: `Resuelve los quizzes: hasta ${MAX_QUIZ_POINTS} IMPs`,
    text: 'Dos cuestionarios por atributo. Cuanto antes aciertes cada pregunta, más puntos.',
  },
];

/** "Mecánica de servicio +impecable": how IMPs are earned, in three steps; told to staff as the agents' way. */
export function ServiceMechanics({ forAgents }: { forAgents: boolean }) {
  return (
    <Card component="section" aria-labelledby="mecanica" h="100%">
      <Title order={2} size="h4" id="mecanica">
        Mecánica de servicio +impecable
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        {forAgents
          ? 'Cada mes conocerás un atributo de servicio. Fórmate, suma IMPs y sube en el ranking de tu sede y de tu marca.'
          : 'Cada mes los agentes conocen un atributo de servicio. Así suman IMPs y suben en el ranking de su sede y de su marca:'}
      </Text>
      <Stack gap="md">
        {STEPS.map((step) => (
          <Group key={step.title} wrap="nowrap" align="flex-start" gap="md">
            <ThemeIcon size={42} radius="md" variant="light" color="brand" aria-hidden="true">
              {step.icon}
            </ThemeIcon>
            <div>
              <Text fw={700}>{step.title}</Text>
              <Text size="sm" c="dimmed">
                {step.text}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
