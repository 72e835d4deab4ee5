import { useState, type CSSProperties } from 'react';
import { ActionIcon, Badge, Button, Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
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
    <Card ref={ref} padding={0} className={classes.card} data-visible={seen || undefined} data-instant={instant || undefined} component="article" aria-label={product.nombre}>
      <div className={classes.media} style={{ '--card-gradient': cardGradient(index) } as CSSProperties}>
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
      </div>
      <Stack gap="sm" p="md" className={classes.body}>
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
      </Stack>
    </Card>
  );
}
