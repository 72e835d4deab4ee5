import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Button, Group, Modal, Text } from '@mantine/core';
import { idleSignOutApplies } from '#domain/profiles';
import { sessionAtom } from '#offline/session';
import { useAppConfig } from '#data/app-config';
import { useIdleSignOut } from '#app/hooks/use-idle-sign-out.ts';
import { paths } from '#app/paths.ts';

/** The server's default, used until GET /config answers (or when it cannot, offline). */
const DEFAULT_IDLE_MINUTES = 10;

/**
 * Kiosk profiles (admin, INTERNO, PLATAFORMA, LATAM; a supervisor browsing as an agent too)
 * are signed out after the configured idle minutes, warned one minute before.
 */
export function IdleSignOut() {
  const session = useAtomValue(sessionAtom);
  const { config } = useAppConfig();
  const navigate = useNavigate();
  const enabled = idleSignOutApplies(session.originalUser ?? session.user);
  const idleMs = (config?.supervisorIdleMinutes ?? DEFAULT_IDLE_MINUTES) * 60_000;
  const onExpire = useCallback(() => void navigate(paths.logout.getHref(), { replace: true }), [navigate]);
  const { secondsLeft, stayConnected } = useIdleSignOut({ enabled, idleMs, onExpire });

  return (
    <Modal
      opened={secondsLeft !== null}
      onClose={stayConnected}
      title="¿Sigues ahí?"
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
      size="sm"
      // Above any screen's own modal (Mantine's default is 200): this one ends the session.
      zIndex={900}
    >
      <Text mb="lg">Tu sesión se cerrará por inactividad en {secondsLeft ?? 0} s</Text>
      <Group justify="flex-end">
        <Button onClick={stayConnected} data-autofocus>
          Seguir conectado
        </Button>
      </Group>
    </Modal>
  );
}
