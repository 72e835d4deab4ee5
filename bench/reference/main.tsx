// The bench's reference page (issue 37): the app's stack (React 19 + Mantine 9 with the app's
// theme) drawing a typical signed-in screen — a header with "Hola, {nick}", a title and three
// cards with progress bars — with no data layer: no Dexie, no router, no service worker, no
// fetch. Built by the bench itself right before Lighthouse (bench/lib/reference.ts); every
// route's score and TBT are judged against this page's in the same rounds.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Anchor, Avatar, Badge, Box, Burger, Button, Card, Container, Group, MantineProvider, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { cssVariablesResolver, theme } from '#app/theme.ts';
// Mantine's base, as the app's entry; each component brings its own stylesheet (patches/).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './reference.css';

/** The signed-in user's nick, written in by the bench's build (`define`). */
declare const __BENCH_NICK__: string;

interface Attribute {
  name: string;
  month: string;
  done: number;
  total: number;
}

const ATTRIBUTES: Attribute[] = [
  { name: 'Accesible', month: 'Noviembre', done: 4, total: 5 },
  { name: 'Resolutivo', month: 'Octubre', done: 2, total: 5 },
  { name: 'Empático', month: 'Septiembre', done: 5, total: 5 },
];

const TEAM = ['Ana López', 'Bruno Díaz', 'Carla Ruiz', 'David Gil'];

function Header({ nick }: { nick: string }) {
  return (
    <Box component="header" c="white" style={{ background: 'linear-gradient(100deg, var(--mantine-color-brand-6) 0%, var(--mantine-color-brand-8) 100%)' }}>
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text component="a" href="#" fw={800} fz="xl" c="white" td="none" aria-label="+impecable, ir al inicio">
            <Text span inherit c="imps.3">
              +
            </Text>
            impecable
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Text fw={600}>Hola, {nick}</Text>
            <Button color="imps.4" c="dark.9" size="compact-md">
              Canjear
            </Button>
            <Burger color="white" aria-label="Menú" size="sm" />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

function AttributeCard({ attribute }: { attribute: Attribute }) {
  const percent = Math.round((attribute.done / attribute.total) * 100);
  const complete = attribute.done === attribute.total;
  return (
    <Card component="article">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg">
            {attribute.name}
          </Title>
          <Badge color={complete ? 'teal' : 'brand'} variant="light">
            {complete ? 'Completado' : attribute.month}
          </Badge>
        </Group>
        <Text c="dimmed" fz="sm">
          {attribute.done} de {attribute.total} vídeos vistos
        </Text>
        <Progress value={percent} size="lg" radius="xl" aria-label={`${attribute.name}: ${percent} %`} />
        <Anchor href="#" fz="sm">
          Ver los vídeos de {attribute.name}
        </Anchor>
      </Stack>
    </Card>
  );
}

function ReferenceScreen({ nick }: { nick: string }) {
  return (
    <>
      <Header nick={nick} />
      <Container component="main" size="lg" py="lg">
        <Stack gap="lg">
          <Title order={1}>Tu formación</Title>
          <Group gap="sm">
            <Avatar.Group>
              {TEAM.map((name) => (
                <Avatar key={name} name={name} color="initials" alt={name} />
              ))}
            </Avatar.Group>
            <Text fz="sm">Tu equipo este mes</Text>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {ATTRIBUTES.map((attribute) => (
              <AttributeCard key={attribute.name} attribute={attribute} />
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ReferenceScreen nick={__BENCH_NICK__} />
    </MantineProvider>
  </StrictMode>,
);
