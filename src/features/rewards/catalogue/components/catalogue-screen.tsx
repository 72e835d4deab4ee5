import { Suspense, useCallback, useState } from 'react';
import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { Product } from '#contract/rewards';
import { formatPoints } from '#domain/format';
import { takesPart } from '#domain/profiles';
import { AlertIcon } from '#components/alert-icon';
import { OfflineState } from '#components/offline-state';
import { PageLoader } from '#components/page-loader';
import { onDemand } from '#components/on-demand';
import { Later } from '#components/later';
import { ScreenTitle } from '#features/rewards/components/screen-title.tsx';
import type { RewardsUser } from '#features/rewards/hooks/use-rewards-user.ts';
import { useBalance } from '#data/shared-reads';
import { refreshAfterRedeem, useCatalogue } from '#features/rewards/queries.ts';
import { useRedeem } from '../hooks/use-redeem.ts';
import { CatalogueGrid, ProductCard } from './product-card.tsx';

/** Cards in the screen's first commit: the first row on a kiosk (the first screenful). */
const FIRST_CARDS = 3;

// The dialogs (Modal, focus trap, scroll lock) load the first time a tap asks for them.
const ProductInfoModal = onDemand(() => import('./product-info-modal.tsx').then((m) => m.ProductInfoModal));
const RedeemDialogs = onDemand(() => import('./redeem-dialogs.tsx').then((m) => m.RedeemDialogs));

/**
 * /premios for brand 2: the catalogue from the device's snapshot, redeeming online only. Staff
 * signed in as themselves (admin; INTERNO and PLATAFORMA are sent away by the guard) never
 * redeem (takesPart): they see the prizes without a balance, Canjear or "Te faltan".
 */
export function CatalogueScreen({ rewards }: { rewards: RewardsUser }) {
  const catalogue = useCatalogue(rewards.user.id);
  const balance = useBalance(rewards.user.id);
  const { online } = useNetwork();
  const [info, setInfo] = useState<Product | null>(null);
  const refetchCatalogue = catalogue.revalidate;
  const userId = rewards.user.id;
  const afterRedeem = useCallback(() => {
    void refetchCatalogue();
    refreshAfterRedeem(userId);
  }, [refetchCatalogue, userId]);
  const redeem = useRedeem(afterRedeem);
  // Once loaded, the dialogs stay mounted, so they close with their transition.
  const [infoAsked, setInfoAsked] = useState(false);
  const [redeemAsked, setRedeemAsked] = useState(false);
  if (info && !infoAsked) setInfoAsked(true);
  if (redeem.state.step !== 'idle' && !redeemAsked) setRedeemAsked(true);

  if (catalogue.isLoading) return <PageLoader label="Cargando catálogo de premios..." />;
  // Nothing on the device and no network: not a failure, the catalogue was never seen online.
  if (catalogue.status === 'offline') {
    return (
      <Stack gap="lg">
        <ScreenTitle />
        <OfflineState onRetry={() => void catalogue.revalidate()}>Abre el catálogo con conexión una vez para verlo sin conexión.</OfflineState>
      </Stack>
    );
  }
  if (!catalogue.data) {
    return (
      <Alert color="red" title="Ups! Ha ocurrido un error" icon={<AlertIcon />} maw={560} mx="auto" mt="md">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">No se pudo obtener los productos: {catalogue.error ?? 'Error desconocido'}</Text>
          <Button color="red" variant="light" onClick={() => window.location.reload()}>
            Reintentar
          </Button>
        </Stack>
      </Alert>
    );
  }

  const imps = balance.data?.imps ?? null;
  const earner = takesPart(rewards.user);
  const card = (product: Product, index: number) => (
    <ProductCard
      key={product.id}
      product={product}
      index={index}
      balance={imps}
      online={online}
      readOnly={rewards.impersonating}
      catalogueOnly={!earner}
      onRedeem={redeem.start}
      onInfo={setInfo}
    />
  );
  return (
    <Stack gap="lg">
      <ScreenTitle
        fetchedAt={catalogue.fetchedAt}
        isStale={catalogue.isStale}
        aside={
          earner && (
            <Paper px="md" py={6} radius="md" bg="imps.1" c="imps.9">
              <Text size="sm" span>
                Tu saldo:{' '}
              </Text>
              <Text fw={800} span>
                {imps === null ? '—' : formatPoints(imps)}
              </Text>
            </Paper>
          )
        }
      />
      {!online && earner && (
        <Alert color="yellow" icon={<AlertIcon />}>
          Estás sin conexión: puedes ver el catálogo, pero necesitas conexión para canjear.
        </Alert>
      )}
      {!earner && (
        <Alert color="brand" icon={<AlertIcon />}>
          Los agentes canjean aquí sus IMPs. Tu perfil no suma IMPs: ves el catálogo tal y como lo ven ellos, sin canjear.
        </Alert>
      )}
      {rewards.impersonating && (
        <Alert color="orange" icon={<AlertIcon />}>
          Estás en navegación simulada: puedes ver el catálogo, pero no canjear premios de este agente.
        </Alert>
      )}
      {catalogue.data.length === 0 ? (
        <Text c="dimmed">Todavía no hay premios en el catálogo.</Text>
      ) : (
        <CatalogueGrid>
          {catalogue.data.slice(0, FIRST_CARDS).map(card)}
          {/* The cards below the first row come in a commit of their own (components/later.tsx). */}
          <Later>{catalogue.data.slice(FIRST_CARDS).map((product, index) => card(product, FIRST_CARDS + index))}</Later>
        </CatalogueGrid>
      )}
      <Suspense fallback={null}>
        {infoAsked && <ProductInfoModal product={info} onClose={() => setInfo(null)} />}
        {redeemAsked && <RedeemDialogs state={redeem.state} onConfirm={() => void redeem.confirm()} onClose={redeem.close} />}
      </Suspense>
    </Stack>
  );
}
