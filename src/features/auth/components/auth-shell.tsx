import type { ReactNode } from 'react';
import { Box, Stack } from '@mantine/core';
import { Logo } from '#components/logo';
import classes from './auth-shell.module.css';

interface AuthShellProps {
  children: ReactNode;
  /** Shown beside the content on wide screens only (the login's pitch). */
  aside?: ReactNode;
}

/** Full-screen branded backdrop for the public screens (login, SSO, logout). No app header. */
export function AuthShell({ children, aside }: AuthShellProps) {
  return (
    <Box component="main" className={classes.root}>
      <div className={classes.layout} data-with-aside={aside ? true : undefined}>
        {aside && <div className={classes.aside}>{aside}</div>}
        <Stack className={classes.column} gap="lg" align="stretch">
          <Box className={classes.brand}>
            <Logo size={44} inverted />
          </Box>
          {children}
        </Stack>
      </div>
    </Box>
  );
}
