import { useState, type CSSProperties, type ReactNode, type Ref } from 'react';
import { ActionIcon, Badge, Button, Card, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Product, ValueOption } from '#contract/rewards';
import { formatNumber, formatPoints } from '#domain/format';
import { canRedeemProduct, formatFaceValue, isOptionAffordable, isProductRedeemable, needsValueSelector } from '#domain/rewards';
import { ProductImage } from '#features/rewards/components/product-image.tsx';
import { cardGradient } from '../gradients.ts';
import { useReveal } from '../hooks/use-reveal.ts';
import classes from './catalogue.module.css';

export const OFFLINE_REDEEM = 'Necesitas conexión para canjear';

interface ProductCardProps {
  product: Product;
  index: number;
  /** The user's IMPs; null while unknown (no snapshot yet). */
  balance: number | null;
  online: boolean;
  /** Impersonation: browsing only. */
  readOnly: boolean;
  /** Staff signed in as themselves: they never redeem, so no Canjear and no "Te faltan". */
  catalogueOnly: boolean;
  onRedeem: (product: Product, option: ValueOption) => void;
  onInfo: (product: Product) => void;
}

/** "5 €" for a card's face value; "120 IMPs" when the option has none. */
function optionLabel(option: ValueOption): string {
  return formatFaceValue(option.valor_chequemotiva) ?? formatPoints(option.valor_rings);
}

/** The catalogue's grid: one card a row on phones, two from xs, three from md. */
export function CatalogueGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="lg">
      {children}
    </SimpleGrid>
  );
}

interface CardLookProps {
  index: number;
  /** The image's box: the card's gradient behind it. */
  media: ReactNode;
  children: ReactNode;
  cardRef?: Ref<HTMLDivElement>;
  /** Faded in when scrolled into view; in view from the start (instant): shown at once. */
  seen?: boolean;
  instant?: boolean;
  label?: string;
}

/** A prize card's box: the image on its gradient, the text under it. The first paint draws the first one (app/shell/frame.tsx). */
export function CardLook({ index, media, children, cardRef, seen = true, instant = true, label }: CardLookProps) {
  return (
    <Card ref={cardRef} padding={0} className={classes.card} data-visible={seen || undefined} data-instant={instant || undefined} component="article" aria-label={label}>
      <div className={classes.media} style={{ '--card-gradient': cardGradient(index) } as CSSProperties}>
        {media}
      </div>
      <Stack gap="sm" p="md" className={classes.body}>
        {children}
      </Stack>
    </Card>
  );
}

/** A prize of the catalogue (spec 2 "/premios", 5): image, name, price per unit, info and "Canjear". */
export function ProductCard({ product, index, balance, online, readOnly, catalogueOnly, onRedeem, onInfo }: ProductCardProps) {
  const { ref, seen, instant } = useReveal<HTMLDivElement>();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // "Canjear" pressed offline: the card says why nothing happened, until the network is back.
  const [offlineTried, setOfflineTried] = useState(false);
  if (online && offlineTried) setOfflineTried(false);
  const selected = product.valores.find((v) => v.id === selectedId) ?? product.valores[0];
  const known = balance ?? 0;
  const inStock = isProductRedeemable(product);
  const enabled = !readOnly && balance !== null && selected !== undefined && canRedeemProduct(product, known) && isOptionAffordable(selected, known);
  const missing = inStock && balance !== null && selected ? selected.valor_rings - balance : 0;

  const redeem = () => {
    if (!selected) return;
    if (!online) {
      setOfflineTried(true);
      return;
    }
    onRedeem(product, selected);
  };

  return (
    <CardLook
      index={index}
      cardRef={ref}
      seen={seen}
      instant={instant}
      label={product.nombre}
      media={
        <>
          {/* The first row (three cards on a kiosk, one on a phone) is in the first screenful. */}
          <ProductImage src={product.imagen} eager={index < 3} />
          {!inStock && (
            <Badge className={classes.badge} color="dark" variant="filled">
              Agotado
            </Badge>
          )}
          <ActionIcon className={classes.info} variant="white" color="brand" radius="xl" size="lg" aria-label="Información del premio" onClick={() => onInfo(product)}>
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" aria-hidden="true">
              <circle cx="12" cy="12" r="9" />
              <path d="M12 11v6M12 7.5h.01" />
            </svg>
          </ActionIcon>
        </>
      }
    >
      <Title order={2} size="h4" lineClamp={2} className={classes.name}>
        {product.nombre}
      </Title>
      {selected && (
        <Text fw={800} c="imps.8" size="lg" className={classes.price}>
          {formatNumber(selected.valor_rings)} IMPs/ud
        </Text>
      )}
      {needsValueSelector(product) && selected && (
        <SegmentedControl
          fullWidth
          size="sm"
          aria-label={`Valor de ${product.nombre}`}
          value={String(selected.id)}
          onChange={(value) => setSelectedId(Number(value))}
          data={product.valores.map((v) => ({ value: String(v.id), label: optionLabel(v), disabled: !catalogueOnly && !isOptionAffordable(v, known) }))}
        />
      )}
      {!catalogueOnly && (
        <div className={classes.actions}>
          <Button fullWidth onClick={redeem} disabled={!enabled}>
            Canjear
          </Button>
          {offlineTried ? (
            <Text size="sm" c="red.8" role="alert" ta="center">
              {OFFLINE_REDEEM}
            </Text>
          ) : (
            !readOnly && missing > 0 && (
              <Text size="sm" c="dimmed" ta="center">
                Te faltan {formatPoints(missing)}
              </Text>
            )
          )}
        </div>
      )}
    </CardLook>
  );
}
