import { Link } from 'react-router-dom';
import { Card, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import type { SessionUser } from '#contract/session';
import { menuItems } from '#domain/navigation';
import { paths } from '#domain/paths';
import { useCachedAppConfig } from '#data/shared-reads';
import classes from './staff-tools.module.css';

/** What each staff screen is for, by its menu href; the items themselves are the menu's. */
const PURPOSE: Readonly<Record<string, string>> = {
  [paths.simulatedNavigation.path]: 'Mira la app tal y como la ve uno de los agentes.',
  [paths.coaching.path]: 'Avance y puntos de los agentes, por sede y atributo.',
  [paths.orderSummary.path]: 'Los canjes de premios, con su descarga.',
  [paths.rankingDownloads.path]: 'Los rankings en hojas de cálculo.',
  [paths.importUsers.path]: 'Da de alta agentes desde una hoja de cálculo.',
  [paths.programme.getHref()]: 'Calendario, contenidos, quizzes y premios.',
};

/**
 * Staff on their own /home (issue 38): they never earn, so instead of an agent's progress they
 * get their own screens, the very ones of their menu's "Gestión" (menuItems, one source).
 */
export function StaffTools({ user }: { user: SessionUser }) {
  const config = useCachedAppConfig(user.id);
  const tools = menuItems(user, config.data?.corporateDomain).filter((item) => item.staff);

  return (
    <Card component="section" aria-labelledby="tus-herramientas" h="100%">
      <Title order={2} size="h4" id="tus-herramientas">
        Tus herramientas
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        Tu perfil no suma IMPs: acompañas a los agentes desde aquí.
      </Text>
      <Stack gap="xs" component="ul" className={classes.list}>
        {tools.map((tool) => (
          <li key={tool.href}>
            <UnstyledButton component={Link} to={tool.href} className={classes.tool}>
              <span className={classes.text}>
                <Text fw={700} span className={classes.label}>
                  {tool.label}
                </Text>
                {PURPOSE[tool.href] && (
                  <Text size="sm" c="dimmed" span>
                    {PURPOSE[tool.href]}
                  </Text>
                )}
              </span>
              <ThemeIcon variant="light" color="brand" radius="xl" size={32} aria-hidden="true">
                <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
                  <path d="m9 6 6 6-6 6" />
                </svg>
              </ThemeIcon>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
