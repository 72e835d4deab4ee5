import { Link } from 'react-router-dom';
import { useDisclosure } from '@mantine/hooks';
import { Button } from '@mantine/core';
import type { SessionUser } from '#contract/session';
import { canjearAction } from '#domain/profiles';
import { paths } from '#app/paths.ts';
import { PartnerRedeemModal } from '#app/layouts/partner-redeem-modal.tsx';

/** "Canjear": brand 2 goes to the catalogue; other brands learn where to redeem; non-agents see nothing. */
export function RedeemButton({ user }: { user: SessionUser }) {
  const [opened, { open, close }] = useDisclosure(false);
  const action = canjearAction(user);
  if (action === 'none') return null;
  if (action === 'catalogue') {
    return (
      <Button component={Link} to={paths.catalogue.getHref()} variant="white" color="brand" size="sm">
        Canjear
      </Button>
    );
  }
  return (
    <>
      <Button variant="white" color="brand" size="sm" onClick={open} aria-haspopup="dialog">
        Canjear
      </Button>
      <PartnerRedeemModal opened={opened} onClose={close} />
    </>
  );
}
