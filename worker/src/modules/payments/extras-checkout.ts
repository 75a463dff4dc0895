import { checkoutStates, openCheckout } from './sessions';

/**
 * An extra a guest bought, paid online (docs/decisions/098-stay-extras.md): a checkout of its amount
 * at the provider (`open`, an open one of the same amount answered again), posted to the folio by
 * the provider's webhook as any payment; and the states of the checkouts opened (`states`).
 *
 * @example
 * const opened = await extrasCheckout.open(env, db, { origin, booking, actor, language,
 *   fixed: { amountBaisa: 12_000, description: 'Airport transfer' } });
 */
export const extrasCheckout = {
  open: (
    env: Parameters<typeof openCheckout>[0],
    db: Parameters<typeof openCheckout>[1],
    args: Omit<Parameters<typeof openCheckout>[2], 'purpose'> & {
      fixed: NonNullable<Parameters<typeof openCheckout>[2]['fixed']>;
    },
  ) => openCheckout(env, db, args),
  states: checkoutStates,
};
