import { Stack, Text, Title } from '@mantine/core';
import { Logo } from '#components/logo';
import classes from './login-pitch.module.css';

const POINTS = [
  'Vídeos y cuestionarios de cada atributo del mes.',
  'Rankings por sede, por marca y global.',
  'Canjea tus IMPs por premios.',
  'Sigue funcionando aunque se corte la conexión.',
];

function Check() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

/** The login's left column on wide screens: what the programme offers. */
export function LoginPitch() {
  return (
    <Stack gap="xl" c="white">
      <Logo size={52} inverted />
      <Stack gap="sm">
        <Title order={2} c="white" fz={40} lh={1.1}>
          Aprende, suma IMPs y gana grandes premios
        </Title>
        <Text fz="lg" c="brand.0">
          El programa de formación y reconocimiento de los agentes de plataformas de servicio.
        </Text>
      </Stack>
      {/* A plain list (Mantine's List and ThemeIcon: about 1 KB /login does not need to paint). */}
      <ul className={classes.points}>
        {POINTS.map((point) => (
          <li key={point}>
            <span className={classes.check}>
              <Check />
            </span>
            <Text c="white">{point}</Text>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
