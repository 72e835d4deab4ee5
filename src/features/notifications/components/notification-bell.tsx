import { Suspense, useState } from 'react';
import type { SessionUser } from '#contract/session';
import { isAgentProfile } from '#domain/profiles';
import { onDemand } from '#components/on-demand';
import { useOfferDue } from '../hooks/use-offer-due.ts';
import { useNotifications } from '../queries.ts';
import { BellButton } from './bell-button.tsx';

// The centre (Drawer: focus trap, scroll lock, the list) and the opt-in offer load on demand:
// the header carries only this button and the unread count.
const loadCentre = () => import('./notification-centre.tsx').then((m) => m.NotificationCentre);
const NotificationCentre = onDemand(loadCentre);
const PushOffer = onDemand(() => import('./push-offer.tsx').then((m) => m.PushOffer));

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
      <BellButton
        unread={unread}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          setEverOpened(true);
          setOpened(true);
        }}
      />
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
