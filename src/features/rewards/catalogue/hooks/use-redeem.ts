import { useCallback, useState } from 'react';
import type { Product, RedeemResponse, ValueOption } from '#contract/rewards';
import { redeemPrize } from '#api/rewards';

export type RedeemState =
  | { step: 'idle' }
  | { step: 'confirm' | 'redeeming'; product: Product; option: ValueOption; key: string }
  | { step: 'result'; product: Product; result: RedeemResponse };

/**
 * The redemption flow of spec 4: confirm → "Canjeando..." → result. One Idempotency-Key per
 * confirmation, so a double tap or a retried request redeems once. `onSettled` runs after
 * every answer (refetch the catalogue and the balance), whatever it was.
 */
export function useRedeem(onSettled: () => void) {
  const [state, setState] = useState<RedeemState>({ step: 'idle' });

  const start = useCallback((product: Product, option: ValueOption) => {
    setState({ step: 'confirm', product, option, key: crypto.randomUUID() });
  }, []);

  const confirm = useCallback(async () => {
    if (state.step !== 'confirm') return;
    const { product, option, key } = state;
    setState({ step: 'redeeming', product, option, key });
    const result = await redeemPrize({ product: option.id, value: option.valor_rings }, key);
    setState({ step: 'result', product, result });
    onSettled();
  }, [state, onSettled]);

  const close = useCallback(() => {
    setState((current) => (current.step === 'redeeming' ? current : { step: 'idle' }));
  }, []);

  return { state, start, confirm, close };
}
