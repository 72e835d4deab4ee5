import { Suspense, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import type { SessionUser } from '#contract/session';
import { isAgentProfile } from '#domain/profiles';
import { onDemand } from '#components/on-demand';
import { useOfferDue } from '../hooks/use-offer-due.ts';
import { useNotifications } from '../queries.ts';
import { BellIcon } from './bell-icon.tsx';
import classes from './bell.module.css';

// The centre (Drawer: focus trap, scroll lock, the list) and the opt-in offer load on demand:
// the header carries only this button and the unread count.
const loadCentre = () => import('./notification-centre.tsx').then((m) => m.NotificationCentre);
const NotificationCentre = onDemand(loadCentre);
const PushOffer = onDemand(() => import('./push-offer.tsx').then((m) => m.PushOffer));

const onBrand = () => ({
  root: {
    '--ai-bg': 'rgba(255, 255, 255, 0.12)',
    '--ai-hover': 'rgba(255, 255, 255, 0.24)',
    '--ai-color': 'var(--mantine-color-white)',
    '--ai-bd': '1px solid rgba(255, 255, 255, 0.45)',
  },
});

export function bellLabel(unread: number): string {
  if (unread === 0) return 'Avisos';
  return unread === 1 ? 'Avisos: 1 sin leer' : `Avisos: ${unread} sin leer`;
}

/** Issue 21: the header's bell for agents, with the unread count; a tap opens the notification centre. */
export function NotificationBell({ user }: { user: SessionUser }) {
  const agent = isAgentProfile(user.perfil);
  const { data } = useNotifications(agent ? user.id : null);
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const offerDue = useOfferDue(agent);
  if (!agent) return null;
  const unread = data?.no_leidos ?? 0;
  const warm = () => void loadCentre().catch(() => undefined);
  return (
    <>
      {/* The count is in the button's name; the badge is for the eye (a plain span: Indicator would cost every route its chunk). */}
      <span className={classes.bellBox}>
        <ActionIcon
          variant="filled"
          radius="md"
          className={classes.bell}
          vars={onBrand}
          aria-label={bellLabel(unread)}
          aria-haspopup="dialog"
          onPointerEnter={warm}
          onFocus={warm}
          onClick={() => {
            setEverOpened(true);
            setOpened(true);
          }}
        >
          <BellIcon />
        </ActionIcon>
        {unread > 0 && (
          <span className={classes.badge} aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </span>
      {everOpened && (
        <Suspense fallback={null}>
          <NotificationCentre user={user} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
      {offerDue && (
        <Suspense fallback={null}>
          <PushOffer />
        </Suspense>
      )}
    </>
  );
}
