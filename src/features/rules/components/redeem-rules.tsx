import { List, Text } from '@mantine/core';
import type { SessionUser } from '#contract/session';
import { RulesCard } from '#features/rules/components/rules-card.tsx';

/** Redeeming: Google users (brand 2) use the app's catalogue; the others, the partner's redemption view. */
export function RedeemRules({ user }: { user: Pick<SessionUser, 'marca_id'> }) {
  const google = user.marca_id === 2;
  return (
    <RulesCard id="canje" title="Canjea tus IMPs">
      {google ? (
        <Text>
          Usa el botón <strong>Canjear</strong> de la cabecera: abre el catálogo de premios, eliges el premio y su valor, confirmas y el canje se hace
          al momento. Tus cupones quedan guardados en Mis Premios y tus movimientos, en Mis ingresos.
        </Text>
      ) : (
        <Text>
          Tus IMPs se suman a tus Rings del programa Ring Ring: por eso en la cabecera ves tu saldo como IMPs+Rings. Para canjearlos, pulsa{' '}
          <strong>Canjear</strong> y entra en la vista de canje de Ring Ring, donde eliges tu premio con tu saldo conjunto.
        </Text>
      )}
      <List spacing="xs">
        <List.Item>Cada IMP se puede canjear durante un año desde que lo consigues; primero se gastan los más antiguos.</List.Item>
        <List.Item>¿Algún problema con tus puntos o con un canje? Tu responsable es quien gestiona las incidencias del programa.</List.Item>
      </List>
    </RulesCard>
  );
}
