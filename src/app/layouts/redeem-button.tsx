import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { useDisclosure } from '@mantine/hooks';
import { Button } from '@mantine/core';
import type { SessionUser } from '#contract/session';
import { canjearAction } from '#domain/profiles';
import { paths } from '#app/paths.ts';
import { onDemand } from '#components/on-demand';
import { REDEEM_LOOK } from '#app/layouts/header-layout.tsx';

// The modal (focus trap, scroll lock) loads the first time it opens, not with the header.
const PartnerRedeemModal = onDemand(() => import('#app/layouts/partner-redeem-modal.tsx').then((m) => m.PartnerRedeemModal));

/** "Canjear": brand 2 goes to the catalogue; other brands learn where to redeem; non-agents see nothing. */
export function RedeemButton({ user }: { user: SessionUser }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [everOpened, setEverOpened] = useState(false);
  if (opened && !everOpened) setEverOpened(true);
  const action = canjearAction(user);
  if (action === 'none') return null;
  if (action === 'catalogue') {
    return (
      <Button component={Link} to={paths.catalogue.getHref()} {...REDEEM_LOOK}>
        Canjear
      </Button>
    );
  }
  return (
    <>
      <Button {...REDEEM_LOOK} onClick={open} aria-haspopup="dialog">
        Canjear
      </Button>
      {everOpened && (
        <Suspense fallback={null}>
          <PartnerRedeemModal userId={user.id} opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
