import { RestrictedAccess } from '#components/restricted-access';
import { useRewardsUser } from '#features/rewards/hooks/use-rewards-user.ts';
import { CatalogueScreen } from '../components/catalogue-screen.tsx';

/** /premios: brand-2 prize catalogue and redemption; everyone else sees "Acceso restringido". */
export default function CatalogueRoute() {
  const rewards = useRewardsUser();
  if (!rewards?.hasAccess) return <RestrictedAccess />;
  return <CatalogueScreen rewards={rewards} />;
}
