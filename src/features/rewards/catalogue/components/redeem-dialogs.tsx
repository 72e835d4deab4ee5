import { Link } from 'react-router-dom';
import { Button, Group, Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { formatPoints } from '#domain/format';
import { paths } from '#domain/paths';
import type { RedeemState } from '../hooks/use-redeem.ts';

interface RedeemDialogsProps {
  state: RedeemState;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Spec 4: "¿Confirmar canjeo?" → "Canjeando..." → "¡Canje realizado!" or "Error al canjear".
 * No corner X: each dialog's own buttons (Cancelar, Cerrar) close it, and Escape does too, so
 * no two buttons share a name.
 */
export function RedeemDialogs({ state, onConfirm, onClose }: RedeemDialogsProps) {
  // Loaded on demand, it mounts with a dialog already open: opening one render later lets it
  // record where the focus was, to return it on close as when opened by a click.
  const mounted = useMounted();
  const step = mounted ? state.step : 'idle';
  const redeeming = step === 'redeeming';
  return (
    <>
      <Modal
        opened={step === 'confirm'}
        onClose={onClose}
        title="¿Confirmar canjeo?"
        withCloseButton={false}
      >
        {state.step === 'confirm' && (
          <Stack gap="lg">
            <Text>
              Vas a canjear <strong>{formatPoints(state.option.valor_rings)}</strong> por <strong>{state.product.nombre}</strong>.
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button onClick={onConfirm}>Sí, canjear</Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal opened={redeeming} onClose={onClose} title="Canjeando..." withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false}>
        <Group gap="md" py="sm" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden="true" />
          <Text>Procesando tu canje...</Text>
        </Group>
      </Modal>

      <Modal
        opened={step === 'result'}
        onClose={onClose}
        title={state.step === 'result' && state.result.status === 'ok' ? '¡Canje realizado!' : 'Error al canjear'}
        withCloseButton={false}
      >
        {state.step === 'result' && (
          <Stack gap="lg">
            <Group gap="md" wrap="nowrap" align="flex-start">
              <ResultIcon ok={state.result.status === 'ok'} />
              <Text role={state.result.status === 'ok' ? 'status' : 'alert'}>{state.result.message}</Text>
            </Group>
            <Group justify="flex-end" gap="sm">
              {state.result.status === 'ok' && (
                <Button component={Link} to={paths.orders.getHref()} variant="light" onClick={onClose}>
                  Ver Mis Premios
                </Button>
              )}
              <Button onClick={onClose}>Cerrar</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

function ResultIcon({ ok }: { ok: boolean }) {
  return (
    <ThemeIcon size={40} radius="xl" variant="light" color={ok ? 'teal' : 'red'} aria-hidden="true" style={{ flexShrink: 0 }}>
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
        {ok ? <path d="M5 12.5l4.5 4.5L19 7.5" /> : <path d="M7 7l10 10M17 7L7 17" />}
      </svg>
    </ThemeIcon>
  );
}
